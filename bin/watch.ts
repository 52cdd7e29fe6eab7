// npm run watch [-- --url https://site]: revalidates the site's cards when profiles change, deletes
// the contacts and photos an erased card leaves behind (the only process that does), and (with
// SMTP_URL) mails each card's owner the contacts visitors leave.
// Reads Firestore as the environment says (FIRESTORE_EMULATOR_HOST, or real credentials).
import { parseArgs } from 'node:util';
import { env } from '../lib/env';
import { adminDb } from '../server/firebase/admin-app';
import { startConfiguredLeadMailer } from '../daemon/mail/start';
import { startWatcher } from '../daemon/card-watcher';

const { values } = parseArgs({ options: { url: { type: 'string' } } });
const siteUrl = values.url ?? env.publicSiteUrl?.href;
const secret = env.revalidateSecret;
if (!secret || !siteUrl) {
  console.error('Set REVALIDATE_SECRET, and NEXT_PUBLIC_SITE_URL or --url <site>.');
  process.exit(1);
}
const watcher = startWatcher({ db: adminDb(), siteUrl, secret });
const mailer = startConfiguredLeadMailer();
void Promise.all([watcher.ready, mailer?.ready]).then(() =>
  console.log(
    `Watching cards (updatedAt) and erasures; revalidating ${siteUrl}; ` +
      "deleting erased cards' orphaned contacts; " +
      `${mailer ? 'mailing owners their new contacts' : 'no SMTP_URL, so no mail'}. Ctrl-C stops.`,
  ),
);
// Changes still in the batching window are sent before the process ends; a mail being retried is
// left to the next mailer once its claim lapses.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () => void Promise.all([watcher.stop(), mailer?.stop()]).finally(() => process.exit(0)),
  );
}
