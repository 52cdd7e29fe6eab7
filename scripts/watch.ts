// npm run watch [-- --url https://site] : revalidates the site's pages when profiles change.
// Reads Firestore as the environment says (FIRESTORE_EMULATOR_HOST, or real credentials).
import { adminDb } from '../lib/firebase/admin-app';
import { onShutdown } from './lib/processes';
import { siteUrlArgument } from './lib/site-argument';
import { startWatcher } from './lib/watcher';

const secret = process.env.REVALIDATE_SECRET;
const siteUrl = siteUrlArgument(process.argv.slice(2));
if (!secret || !siteUrl) {
  console.error('Set REVALIDATE_SECRET, and NEXT_PUBLIC_SITE_URL or --url <site>.');
  process.exit(1);
}
const watcher = startWatcher({ db: adminDb(), siteUrl, secret });
onShutdown(() => watcher.stop());
void watcher.ready.then(() =>
  console.log(`Watching users; revalidating ${siteUrl}. Ctrl-C stops.`),
);
