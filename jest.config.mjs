import { availableParallelism } from 'node:os';
import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

// Three projects so `jest __tests__/unit` never pays for an emulator or a build:
// unit (pure logic and components; jsdom per file via a docblock), emulator (real Firestore),
// e2e (a production build served from the real emulator, driven by real Chromium).
const base = {
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    '^server-only$': '<rootDir>/__tests__/setup/empty.ts',
  },
  setupFiles: ['<rootDir>/__tests__/setup/env.ts'],
  setupFilesAfterEnv: ['<rootDir>/__tests__/setup/after-env.ts'],
  testEnvironment: 'node',
};

const project = (displayName, extra) => createJestConfig({ ...base, displayName, ...extra })();

export default async function config() {
  return {
    // Most of a file's time is spent waiting on servers, browsers and timers, not on a core: one
    // file more than the machine has cores keeps it busy without starving the build beside them.
    maxWorkers: availableParallelism() + 1,
    testSequencer: '<rootDir>/__tests__/setup/sequencer.mjs',
    projects: await Promise.all([
      project('unit', {
        testMatch: ['<rootDir>/__tests__/unit/**/*.test.{ts,tsx}'],
        setupFilesAfterEnv: [
          ...base.setupFilesAfterEnv,
          '<rootDir>/__tests__/setup/unit-timeouts.ts',
        ],
      }),
      project('emulator', {
        testMatch: ['<rootDir>/__tests__/emulator/**/*.test.{ts,tsx}'],
        setupFilesAfterEnv: [
          ...base.setupFilesAfterEnv,
          '<rootDir>/__tests__/setup/slow-timeout.ts',
        ],
        globalSetup: '<rootDir>/__tests__/setup/global-setup.ts',
        globalTeardown: '<rootDir>/__tests__/setup/global-teardown.ts',
      }),
      project('e2e', {
        testMatch: ['<rootDir>/__tests__/e2e/**/*.test.{ts,tsx}'],
        setupFilesAfterEnv: [
          ...base.setupFilesAfterEnv,
          '<rootDir>/__tests__/setup/slow-timeout.ts',
        ],
        // One stack for the run (global-setup-e2e.ts); what a file starts ends with it.
        testEnvironment: '<rootDir>/__tests__/setup/e2e-environment.ts',
        globalSetup: '<rootDir>/__tests__/setup/global-setup-e2e.ts',
        globalTeardown: '<rootDir>/__tests__/setup/global-teardown.ts',
      }),
    ]),
  };
}
