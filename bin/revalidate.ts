// npm run revalidate -- maria [nikos …] [--url https://site]
// Asks the site to rebuild those cards now (POST /api/revalidate with REVALIDATE_SECRET).
import { parseArgs } from 'node:util';
import { env } from '../lib/env';
import { requestRevalidation } from '../server/revalidation/client';

const USAGE = 'Usage: npm run revalidate -- <username> [more…] [--url https://site]';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: { url: { type: 'string' } }, allowPositionals: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const usernames = parsed.positionals;
  const siteUrl = parsed.values.url ?? env.publicSiteUrl?.href;
  const secret = env.revalidateSecret;
  if (usernames.length === 0) {
    console.error(USAGE);
    return 2;
  }
  if (!siteUrl) {
    console.error('Give the site: --url https://site, or set NEXT_PUBLIC_SITE_URL.');
    return 2;
  }
  if (!secret) {
    console.error('Set REVALIDATE_SECRET (the same value the site has).');
    return 2;
  }
  try {
    const done = await requestRevalidation(usernames, { siteUrl, secret, retries: 2 });
    console.log(`Revalidated on ${siteUrl}: ${done.join(', ')}`);
    return 0;
  } catch (error) {
    console.error(`Revalidation failed: ${(error as Error).message}`);
    return 1;
  }
}

void main().then((code) => process.exit(code));
