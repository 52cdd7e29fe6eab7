// The recheck a revalidation sends itself once every render begun before its marks has ended.
// Next takes an entry stored after a mark for fresh, whenever its read was made: a render that
// read the card before the edit (a visitor's, or the warm-up of an earlier revalidation, on any
// origin sharing the cache) and is stored after the mark would be served for the next hour.
//
// Two mechanisms recheck, on purpose: this timer, on the server that marked, and the daemon
// (daemon/card-watcher.ts, daemon/companies.ts), which follows the writes in Firestore. The timer
// is the one every edit relies on, at the earliest moment it can settle the cards; it dies with
// its server. The daemon's, later, finishes what a stopped or killed server left undone.
import 'server-only';
import { env } from '../../lib/env';
import { requestCompanyRevalidation, requestRevalidation } from './client';
import { renderBoundMs } from './marks';

export type RecheckTarget = { usernames: string[] } | { companyId: string };

/**
 * Posts the recheck of `target` to this origin once the renders begun by `markedAt` have ended.
 * It must be a new request: Next applies the marks of `after()` only when all of them have
 * finished. And it is a timer rather than an `after()` task, which Next would wait for before
 * shutting down; an unref'd timer lets a stopping server go, and a recheck is worth nothing to it.
 */
export function recheckLater(target: RecheckTarget, markedAt: number): void {
  const origin = env.ownOrigin;
  const secret = env.revalidateSecret;
  if (!origin || !secret) return;
  const options = { siteUrl: origin, secret, recheck: true };
  const what = 'companyId' in target ? `company ${target.companyId}` : target.usernames.join(', ');
  const recheck = () =>
    ('companyId' in target
      ? requestCompanyRevalidation(target.companyId, options)
      : requestRevalidation(target.usernames, options)
    ).catch((error: Error) => console.error(`Rechecking ${what} failed:`, error));
  setTimeout(recheck, Math.max(0, markedAt + renderBoundMs() - Date.now())).unref();
}
