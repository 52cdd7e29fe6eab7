import { existsSync } from 'node:fs';
import type { NextConfig } from 'next';
import {
  PHASE_DEVELOPMENT_SERVER,
  PHASE_PRODUCTION_BUILD,
  PHASE_PRODUCTION_SERVER,
} from 'next/constants';
import { assertEnv, env } from './lib/env';
import { OPTIMISED_IMAGE_HOSTS } from './lib/links';

// Telemetry is off for every `next` command: karta builds and runs with no network.
process.env.NEXT_TELEMETRY_DISABLED = '1';

export default function nextConfig(phase: string): NextConfig {
  // Jest (next/jest) loads this file too; only the real commands need a complete environment.
  if ([PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER, PHASE_DEVELOPMENT_SERVER].includes(phase)) {
    assertEnv(process.env, { fileExists: existsSync });
  }
  return {
    distDir: env.distDir,
    poweredByHeader: false,
    reactStrictMode: true,
    images: {
      qualities: [75],
      // Profile photos kept in Firebase Storage are optimised; DisplayImage shows other hosts as is.
      remotePatterns: OPTIMISED_IMAGE_HOSTS.map((hostname) => ({
        protocol: 'https' as const,
        hostname,
      })),
    },
  };
}
