// The daemon of `npm run watch`: the change watcher (revalidation, and the clean-up after
// erasures, the only process that deletes what an erased card leaves) and, with SMTP_URL, the
// mailers (lead mail, and the outbox of the invitations). One process of it runs beside the site,
// in production as locally.
import type { Firestore } from 'firebase-admin/firestore';
import { startWatcher } from './card-watcher';
import { deliveryChannels } from './deliveries/channels';
import { startFanOut } from './deliveries/fan-out-start';
import { startDeliveries } from './deliveries/worker';
import { startConfiguredMailers } from './mail/start';

/** The start of the line the daemon prints once every listener has its first snapshot. */
export const DAEMON_READY = 'Watching cards';

export interface Daemon {
  /** Resolves with the line to print once it is watching. */
  ready: Promise<string>;
  /** Sends the changes still in the batching window, then stops; a mail being retried is left to
   * the next mailer once its claim lapses. */
  stop(): Promise<void>;
}

export function startDaemon(options: { db: Firestore; siteUrl: string; secret: string }): Daemon {
  const { siteUrl } = options;
  const watcher = startWatcher(options);
  const mailer = startConfiguredMailers();
  const channels = deliveryChannels();
  const deliveries = startDeliveries({ db: options.db, channels });
  // Each delivery fan-out creates goes to this worker at once, under its lease.
  const fanOut = startFanOut({ db: options.db, channels, handover: deliveries });
  return {
    ready: Promise.all([watcher.ready, mailer?.ready, deliveries.ready, fanOut.ready]).then(
      () =>
        `${DAEMON_READY} (updatedAt) and erasures; revalidating ${siteUrl}; ` +
        "deleting erased cards' orphaned contacts; delivering webhooks and wallet updates; " +
        `${mailer ? 'mailing owners their new contacts, and the outbox' : 'no SMTP_URL, so no mail'}. Ctrl-C stops.`,
    ),
    stop: async () => {
      await Promise.all([
        watcher.stop(),
        mailer?.stop(),
        fanOut.stop().then(() => deliveries.stop()),
      ]);
    },
  };
}
