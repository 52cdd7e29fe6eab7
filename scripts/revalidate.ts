// npm run revalidate -- maria [nikos …] [--url https://site]
// Asks the site to rebuild those cards now (POST /api/revalidate with REVALIDATE_SECRET).
import { requestRevalidation } from './lib/revalidate-client';
import { siteUrlArgument, withoutUrl } from './lib/site-argument';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const siteUrl = siteUrlArgument(args);
  const usernames = withoutUrl(args);
  const secret = process.env.REVALIDATE_SECRET;
  if (usernames.length === 0) {
    console.error('Usage: npm run revalidate -- <username> [more…] [--url https://site]');
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
