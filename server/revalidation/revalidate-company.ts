import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { after } from 'next/server';
import { COMPANY_FIELD, USERS_COLLECTION } from '../../lib/collections';
import { env } from '../../lib/env';
import { cardPaths, companyTag, profilePath } from '../../lib/routes';
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
 * Cards regenerated at once on this origin once the CDN is purged: a few, so that visitors' own
 * requests (each card renders on the first) are not queued behind them.
 */
const CARDS_AT_ONCE = 4;
/** How often an answer is asked for while the marks are applied or a card regenerates. */
const POLL_MS = 25;

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
 * Until this origin no longer answers `path` from the entry it held before the marks (a miss, or
 * stale): Next applies a request's marks only once its response is on its way, and a CDN that
 * fetched the card before then would keep the old one.
 */
async function marksApplied(origin: string, path: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const res = await fetch(new URL(path, origin), {
      cache: 'no-store',
      redirect: 'manual',
      signal: AbortSignal.timeout(Math.max(deadline - Date.now(), POLL_MS)),
    });
    await res.arrayBuffer();
    if (res.headers.get('x-nextjs-cache') !== 'HIT') return;
    await sleep(POLL_MS);
  }
}

/** Regenerates each card's answers on this origin, CARDS_AT_ONCE cards at a time. */
async function regenerateAll(origin: string, usernames: string[]): Promise<void> {
  let next = 0;
  async function worker(): Promise<void> {
    while (next < usernames.length) {
      const username = usernames[next++];
      const deadline = Date.now() + renderBoundMs();
      await Promise.all(
        cardPaths(username).map((path) =>
          regenerate(origin, path, deadline, POLL_MS).catch(() => null),
        ),
      );
    }
  }
  await Promise.all(Array.from({ length: Math.min(CARDS_AT_ONCE, usernames.length) }, worker));
}

/**
 * Purges the company's cards from the CDN with one purge by its tag (every member card's answers
 * carry it: server/cdn/tags.ts) as soon as this origin has applied the marks, so that each card
 * the CDN is asked for next is rendered anew (on either origin, sharing Redis); then regenerates
 * the rest here a few at a time, and asks for a recheck once every render begun before the marks
 * has been stored.
 *
 * A card the CDN fetched while an origin still served it stale (its entry not deleted by the
 * mark) would stay old there: the recheck purges every card that is current by its own tag (none
 * is recorded as purged at a version here), and redoes one that is not.
 */
async function refreshAndPurge(companyId: string, usernames: string[], markedAt: number) {
  const origin = env.ownOrigin;
  if (origin) {
    await marksApplied(origin, profilePath(usernames[0]), Date.now() + renderBoundMs()).catch(
      () => undefined,
    );
  }
  await purgeServed(new Map(usernames.map((username) => [username, ''])), [
    companyTag(companyId),
  ]).catch((error: Error) =>
    console.error(`CDN purge of company ${companyId} failed; retrying card by card:`, error),
  );
  const secret = env.revalidateSecret;
  if (!origin || !secret) return;
  await regenerateAll(origin, usernames);
  // A timer, not after(): see scheduleRecheck in revalidate-cards.ts.
  const recheck = () =>
    requestCompanyRevalidation(companyId, { siteUrl: origin, secret, recheck: true }).catch(
      (error: Error) => console.error(`Rechecking company ${companyId} failed:`, error),
    );
  setTimeout(recheck, Math.max(0, markedAt + renderBoundMs() - Date.now())).unref();
}

/**
 * After a template save: marks every answer of every card of the company stale, then, after the
 * response, purges the CDN once by the company's tag, regenerates the cards on this origin a few at
 * a time, and rechecks. Throws when Firestore does not answer the list of cards; nothing is marked
 * then.
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
