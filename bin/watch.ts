// npm run watch [-- --url https://site]: the daemon (daemon/start.ts) for the site's cards.
// Reads Firestore as the environment says (FIRESTORE_EMULATOR_HOST, or real credentials).
import { parseArgs } from 'node:util';
import { startDaemon } from '../daemon/start';
import { env } from '../lib/env';
import { adminDb } from '../server/firebase/admin-app';

const { values } = parseArgs({ options: { url: { type: 'string' } } });
const siteUrl = values.url ?? env.publicSiteUrl?.href;
const secret = env.revalidateSecret;
if (!secret || !siteUrl) {
  console.error('Set REVALIDATE_SECRET, and NEXT_PUBLIC_SITE_URL or --url <site>.');
  process.exit(1);
}
const daemon = startDaemon({ db: adminDb(), siteUrl, secret });
void daemon.ready.then((line) => console.log(line));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void daemon.stop().finally(() => process.exit(0)));
}
