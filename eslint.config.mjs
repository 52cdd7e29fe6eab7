import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  prettier,
  {
    // The card's document is written by React's static renderer in a route handler
    // (lib/static-html.ts), not by Next's pages: it has its own <head>, and next/image's <Image>,
    // a client component with hooks, cannot render there (the photo's <img> gets its sizes from
    // getImageProps, next/image's way for a plain element).
    files: ['components/card/*.tsx'],
    rules: { '@next/next/no-head-element': 'off', '@next/next/no-img-element': 'off' },
  },
  globalIgnores([
    '.next/**',
    '.next-*/**',
    'out/**',
    'build/**',
    'next-env.d.ts',
    'artifacts/**',
    'coverage/**',
    // The card's scripts as tools/lib/card-assets.ts bundles them.
    'public/_karta/**',
  ]),
]);
