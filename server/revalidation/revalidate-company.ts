import 'server-only';
import { after } from 'next/server';
import { COMPANY_FIELD, USERS_COLLECTION } from '../../lib/collections';
import { env } from '../../lib/env';
import { cardPaths, companyTag } from '../../lib/routes';
import { purgeServed, purgeUnderWay } from '../cdn/purge-ledger';
import { adminDb } from '../firebase/admin';
import { readWithDeadline } from '../profile-store';
import { requestCompanyRevalidation } from './client';
import { MAX_USERNAMES } from './request';
import {
  markStale,
  regenerate,
  renderBoundMs,
  revalidateCards,
  type Revalidation,
} from './revalidate-cards';

/**
 * Cards regenerated at once on this origin: enough to keep its CPU busy while each waits on
 * Firestore, few enough that a company of hundreds does not queue every visitor's request.
 */
const CARDS_AT_ONCE = 8;

/** Every card of the company (switched-off ones too: their 410 page shows its name), by name. */
async function companyCards(companyId: string): Promise<string[]> {
  const query = adminDb().collection(USERS_COLLECTION).where(COMPANY_FIELD, '==', companyId);
  const cards = await readWithDeadline(
    () => query.select().get(),
    `${USERS_COLLECTION} of ${companyId}`,
  );
  return cards.docs.map((doc) => doc.id);
}

/**
 * Regenerates each card's answers on this origin, CARDS_AT_ONCE at a time: username → the version
 * its answers now carry ('' when they disagree or one did not regenerate in time, which the
 * recheck then purges again by the card's own tag).
 */
async function regenerateAll(origin: string, usernames: string[]): Promise<Map<string, string>> {
  const served = new Map<string, string>();
  let next = 0;
  async function worker(): Promise<void> {
    while (next < usernames.length) {
      const username = usernames[next++];
      const deadline = Date.now() + renderBoundMs();
      const versions = await Promise.all(
        cardPaths(username).map((path) => regenerate(origin, path, deadline).catch(() => null)),
      );
      const [first] = versions;
      served.set(username, first && versions.every((v) => v === first) ? first : '');
    }
  }
  await Promise.all(Array.from({ length: Math.min(CARDS_AT_ONCE, usernames.length) }, worker));
  return served;
}

/**
 * Regenerates every card of the company, then purges them from the CDN with one purge by the
 * company's tag (every member card's answers carry it: server/cdn/tags.ts), then asks for a
 * recheck once every render begun before the marks has been stored.
 */
async function refreshAndPurge(companyId: string, usernames: string[], markedAt: number) {
  const origin = env.ownOrigin;
  const served = origin
    ? await regenerateAll(origin, usernames)
    : new Map(usernames.map((username) => [username, '']));
  await purgeServed(served, [companyTag(companyId)]).catch((error: Error) =>
    console.error(`CDN purge of company ${companyId} failed; retrying card by card:`, error),
  );
  const secret = env.revalidateSecret;
  if (!origin || !secret) return;
  // A timer, not after(): see scheduleRecheck in revalidate-cards.ts.
  const recheck = () =>
    requestCompanyRevalidation(companyId, { siteUrl: origin, secret, recheck: true }).catch(
      (error: Error) => console.error(`Rechecking company ${companyId} failed:`, error),
    );
  setTimeout(recheck, Math.max(0, markedAt + renderBoundMs() - Date.now())).unref();
}

/**
 * After a template save: marks every answer of every card of the company stale (each is served as
 * it was until regenerated), then, after the response, regenerates them on this origin a few at a
 * time, purges the CDN once by the company's tag, and rechecks. Throws when Firestore does not
 * answer the list of cards; nothing is marked then.
 */
export async function revalidateCompany(companyId: string): Promise<void> {
  const usernames = await companyCards(companyId);
  if (usernames.length === 0) return;
  const markedAt = Date.now();
  usernames.flatMap(cardPaths).forEach(markStale);
  usernames.forEach(purgeUnderWay);
  after(() => refreshAndPurge(companyId, usernames, markedAt));
}

/**
 * The recheck of a company's revalidation, and the watcher's request after a template save: each
 * card's recheck (revalidateCards), MAX_USERNAMES at a time. A card this origin serves from an
 * older write (a fan-out the server did not finish) is done again and purged by its own tag.
 */
export async function recheckCompany(companyId: string): Promise<Revalidation> {
  const usernames = await companyCards(companyId);
  const all: Revalidation = { revalidated: [], pending: [], current: [], unpurged: [] };
  for (let i = 0; i < usernames.length; i += MAX_USERNAMES) {
    const part = await revalidateCards(usernames.slice(i, i + MAX_USERNAMES), { recheck: true });
    for (const key of Object.keys(all) as Array<keyof Revalidation>) all[key].push(...part[key]);
  }
  return all;
}
