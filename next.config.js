// @ts-check
const {
  PHASE_DEVELOPMENT_SERVER,
  PHASE_PRODUCTION_BUILD,
  PHASE_PRODUCTION_SERVER,
} = require('next/constants');
const { assertEnv } = require('./lib/env-contract');

// Telemetry is off for every `next` command: karta builds and runs with no network.
process.env.NEXT_TELEMETRY_DISABLED = '1';

/** @param {string} phase */
module.exports = (phase) => {
  // Jest (next/jest) loads this file too; only the real commands need a complete environment.
  if ([PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER, PHASE_DEVELOPMENT_SERVER].includes(phase)) {
    assertEnv(process.env);
  }
  /** @type {import('next').NextConfig} */
  const config = {
    // Tests and benchmarks build into their own folder so they never clobber the demo's build.
    distDir: process.env.NEXT_DIST_DIR || '.next',
    poweredByHeader: false,
    // `npm test` type-checks the whole project (tsc --noEmit) before anything is built; checking
    // again here would add ~20 s to every build of the demo, the tests and the benchmarks.
    typescript: { ignoreBuildErrors: true },
    reactStrictMode: true,
    images: {
      qualities: [75],
      // Profile photos kept in Firebase Storage are optimised; DisplayImage shows other hosts as is.
      remotePatterns: [
        { protocol: 'https', hostname: 'firebasestorage.googleapis.com' },
        { protocol: 'https', hostname: 'storage.googleapis.com' },
      ],
    },
  };
  return config;
};
