import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  // Next's file conventions (app/, proxy.ts, next.config.ts) and Jest's (jest.config.mjs, the
  // test files and their set-up) come from knip's plugins; these are the commands run by npm.
  entry: [
    'bin/*.ts',
    'tools/*.ts',
    // Bundled for the browser by tools/card-assets/build.ts, not imported.
    'browser/card/enhance.ts',
    'components/exchange/mount-sheet.tsx',
    // A Jest run of its own, which __tests__/emulator/process-cleanup.test.ts starts.
    '__tests__/fixtures/leaks/*.{mjs,ts}',
  ],
  project: ['**/*.{ts,tsx,js,mjs}'],
  ignoreExportsUsedInFile: true,
  // knip reads a `@jest-environment jsdom` docblock as a dependency on `jsdom` itself, so the
  // environment package the docblock really loads would show as unused and jsdom as unlisted.
  ignoreDependencies: [
    'jest-environment-jsdom',
    'jsdom',
    // Run through their binaries (tools/lib/auth-emulator.ts, tools/lib/mail-catcher.ts), never
    // imported.
    'firebase-tools',
    'maildev',
  ],
};

export default config;
