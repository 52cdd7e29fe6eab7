import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

const ELAPSED =
  'An elapsed-time assertion fails on a loaded machine: wait for the condition with eventually() ' +
  '(__tests__/helpers/eventually.ts), drop a mere speed figure (npm run bench measures speed), or, ' +
  'where the bound is the behaviour, use fake timers or a ceiling ≥ 10× the idle figure and say so: ' +
  '"// eslint-disable-next-line no-restricted-syntax -- bound is the behaviour: …".';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  prettier,
  {
    // The card's document is written by React's static renderer in a route handler
    // (server/card/static-html.ts), not by Next's pages: it has its own <head>, and next/image's <Image>,
    // a client component with hooks, cannot render there (the photo's <img> gets its sizes from
    // getImageProps, next/image's way for a plain element).
    files: ['components/card/*.tsx'],
    rules: { '@next/next/no-head-element': 'off', '@next/next/no-img-element': 'off' },
  },
  {
    // The rooms say where code runs (README, Layout): what runs in one place never pulls in code
    // written for another, and nothing of the product depends on the tooling that tests it.
    // Import cycles are found by `npm run cycles` (madge), in a second rather than ESLint's
    // import/no-cycle's twenty.
    files: ['**/*.{ts,tsx,mjs}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./lib'],
              from: ['./server', './browser', './daemon', './components', './app', './bin'],
              message: 'lib/ is pure shared logic: it imports only lib/.',
            },
            {
              target: ['./browser', './components/account', './components/exchange'],
              from: ['./server', './daemon'],
              message: 'Browser code never imports server or daemon code.',
            },
            {
              target: ['./server', './daemon'],
              from: ['./browser', './components/account', './components/exchange'],
              message: 'Server and daemon code never import browser code.',
            },
            {
              target: ['./server', './components', './browser', './lib'],
              from: ['./daemon', './bin'],
              message: 'Only the daemon and its commands import the daemon.',
            },
            {
              target: [
                './app',
                './lib',
                './server',
                './browser',
                './daemon',
                './components',
                './bin',
              ],
              from: ['./tools', './bench', './__tests__'],
              message: 'The product never imports the tooling that develops, tests or measures it.',
            },
            {
              target: ['./tools'],
              from: ['./bench', './__tests__'],
              message: 'The tooling never imports the benchmark or the tests.',
            },
          ],
        },
      ],
    },
  },
  {
    // A test waits for a condition, never for the clock: an elapsed-time bound fails beside a busy
    // process though the product is right. Where a bound is itself the behaviour (a deadline, a
    // give-up), the line says so: `// eslint-disable-next-line no-restricted-syntax -- bound is the
    // behaviour: …`, with a ceiling at least 10× what an idle machine measures.
    files: ['__tests__/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['toBeLessThan', 'toBeLessThanOrEqual'].flatMap((matcher) => [
          {
            selector: `CallExpression[callee.property.name='${matcher}'] > MemberExpression > CallExpression[callee.name='expect'] > Identifier[name=/elapsed|^ms$|Ms$|took|duration|latency|since|seconds|wait/i]`,
            message: ELAPSED,
          },
          {
            selector: `CallExpression[callee.property.name='${matcher}'] > MemberExpression > CallExpression[callee.name='expect'] > MemberExpression[property.name=/elapsed|^ms$|Ms$|took|duration|latency|seconds/i]`,
            message: ELAPSED,
          },
        ]),
        {
          selector:
            "CallExpression[callee.property.name=/^toBeLessThan/] > MemberExpression > CallExpression[callee.name='expect'] > BinaryExpression[operator='-'] > CallExpression.left[callee.object.name=/^(Date|performance)$/][callee.property.name='now']",
          message: ELAPSED,
        },
      ],
    },
  },
  globalIgnores([
    '.next/**',
    '.next-*/**',
    'out/**',
    'build/**',
    'next-env.d.ts',
    'artifacts/**',
    'coverage/**',
    // The card's scripts as tools/card-assets/build.ts bundles them.
    'public/_karta/**',
  ]),
]);
