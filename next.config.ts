import { existsSync } from 'node:fs';
import type { NextConfig } from 'next';
import {
  PHASE_DEVELOPMENT_SERVER,
  PHASE_PRODUCTION_BUILD,
  PHASE_PRODUCTION_SERVER,
} from 'next/constants';
import { CARD_ASSETS_ENV, CARD_ASSETS_URL_PREFIX } from './lib/card-assets';
import { readCardAssetsManifest } from './tools/card-assets/manifest';
import { assertEnv, env } from './lib/env';
import { OPTIMISED_IMAGE_HOSTS } from './lib/links';
import { OPTIMISED_PHOTO_TAGS } from './server/cdn/tags';
import { credentialChecks } from './server/wallet/credential-checks';
import {
  CSP_HEADER,
  PAGE_CSP_PATHS,
  pageCsp,
  SHARED_SECURITY_HEADERS,
} from './server/security-headers';

// Telemetry is off for every `next` command: karta builds and runs with no network.
process.env.NEXT_TELEMETRY_DISABLED = '1';

/**
 * With REDIS_URL, the ISR cache lives in Redis and every origin shares it (docs/freshness.md); without
 * it, each process keeps its own on disk. Read when `next start` loads this file, so one build
 * serves both ways.
 */
function sharedCache(phase: string): Pick<NextConfig, 'cacheHandler' | 'cacheMaxMemorySize'> {
  // A build writes the pages it pre-renders into its own output, not into a cache that other
  // builds' origins are reading (and its handler keys entries by a BUILD_ID not written yet).
  if (!env.redisUrl || phase === PHASE_PRODUCTION_BUILD) return {};
  return {
    cacheHandler: require.resolve('./server/cache/handler.mjs'),
    // As Next's self-hosting guide pairs with a shared handler: no copy of entries kept in each
    // process's memory (on 16.4 this sizes only `'use cache'` entries, which karta has none of).
    cacheMaxMemorySize: 0,
  };
}

/**
 * The card's stylesheet, script and sheet URLs (tools/card-assets/manifest.ts), given to the build that
 * compiles the card route, which inlines them; `next start` runs on what its build inlined.
 */
function cardAssetsEnv(phase: string): Record<string, string> {
  if (phase !== PHASE_PRODUCTION_BUILD && phase !== PHASE_DEVELOPMENT_SERVER) return {};
  return { [CARD_ASSETS_ENV]: readCardAssetsManifest(process.cwd(), process.env) };
}

export default function nextConfig(phase: string): NextConfig {
  // Jest (next/jest) loads this file too; only the real commands need a complete environment.
  if ([PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER, PHASE_DEVELOPMENT_SERVER].includes(phase)) {
    assertEnv(process.env, { fileExists: existsSync, credentials: credentialChecks });
  }
  return {
    distDir: env.distDir,
    poweredByHeader: false,
    typescript: { ignoreBuildErrors: env.buildSkipsTypecheck },
    env: cardAssetsEnv(phase),
    ...sharedCache(phase),
    reactStrictMode: true,
    // ESM-only: listed so that next/jest compiles them for the tests, which import server/sso/.
    transpilePackages: ['openid-client', 'oauth4webapi', 'jose'],
    experimental: {
      // The site's few KiB of CSS arrive in <style> inside the HTML instead of render-blocking
      // <link>s: a card paints after one round trip (docs/performance.md).
      inlineCss: true,
      // Read only by a later build in the same folder (a developer's next run): none in CI.
      turbopackFileSystemCacheForBuild: !env.buildIsThrownAway,
    },
    async headers() {
      return [
        // Security headers (server/security-headers.ts): the shared ones on every answer, the pages'
        // CSP on every path but /{username}, whose route answers with the card's own (a header set
        // here would replace the route's). Those paths: the cards, their 404s, the proxy's 404.
        { source: '/:path*', headers: [...SHARED_SECURITY_HEADERS] },
        ...PAGE_CSP_PATHS.map((source) => ({
          source,
          headers: [
            {
              key: CSP_HEADER,
              value: pageCsp(process.env, { dev: phase === PHASE_DEVELOPMENT_SERVER }),
            },
          ],
        })),
        // The card's scripts and stylesheets are named by their content: a new build, a new name.
        {
          source: `${CARD_ASSETS_URL_PREFIX}:file`,
          headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
        },
        OPTIMISED_PHOTO_TAGS,
      ];
    },
    images: {
      qualities: [75],
      // The card's photo is at most 480 CSS px wide (components/card/Photo.tsx): 1,440 device px
      // on a 3× screen, which 1920 covers. Next's 2048 and 3840 were never picked, yet each
      // card's HTML named them twice (its preload and its <img>).
      deviceSizes: [640, 750, 828, 1080, 1200, 1920],
      // Next keeps no copy of its own: it would serve an erased or replaced photo for as long as
      // the photo route's max-age (a year), and again each time its refetch fails (a 404). The
      // CDN keeps the copies instead, under the card's tag (OPTIMISED_PHOTO_TAGS).
      maximumDiskCacheSize: 0,
      // Profile photos kept in Firebase Storage are served through the optimiser; a card shows no
      // image from any other host (components/card/Photo.tsx).
      remotePatterns: OPTIMISED_IMAGE_HOSTS.map((hostname) => ({
        protocol: 'https' as const,
        hostname,
      })),
    },
  };
}
