// npm run watch [-- --url https://site]: revalidates the site's cards when profiles change.
// Reads Firestore as the environment says (FIRESTORE_EMULATOR_HOST, or real credentials).
import { parseArgs } from 'node:util';
import { env } from '../lib/env';
import { adminDb } from '../lib/firebase/admin-app';
import { startWatcher } from '../lib/revalidation/watcher';

const { values } = parseArgs({ options: { url: { type: 'string' } } });
const siteUrl = values.url ?? env.publicSiteUrl?.href;
const secret = env.revalidateSecret;
if (!secret || !siteUrl) {
  console.error('Set REVALIDATE_SECRET, and NEXT_PUBLIC_SITE_URL or --url <site>.');
  process.exit(1);
}
const watcher = startWatcher({ db: adminDb(), siteUrl, secret });
void watcher.ready.then(() =>
  console.log(`Watching users; revalidating ${siteUrl}. Ctrl-C stops.`),
);
// Changes still in the batching window are sent before the process ends.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void watcher.stop().finally(() => process.exit(0)));
}
