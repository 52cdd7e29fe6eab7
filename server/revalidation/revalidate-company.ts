import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { after } from 'next/server';
import { COMPANY_FIELD, USERS_COLLECTION } from '../../lib/collections';
import { env } from '../../lib/env';
import { cardPaths, companyTag } from '../../lib/routes';
import { purgeServed, purgeUnderWay } from '../cdn/purge-ledger';
import { adminDb } from '../firebase/admin';
import { readWithDeadline } from '../profile-store';
import { requestCompanyRevalidation } from './client';
import { MAX_USERNAMES } from './request';
import { markStale, renderBoundMs, revalidateCards, type Revalidation } from './revalidate-cards';

/** How often the last marked path is asked for while this origin applies the marks. */
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

/**
 * Purges the company's cards from the CDN with one purge by its tag (every member card's answers
 * carry it: server/cdn/tags.ts) as soon as this origin has applied the marks, so that each card
 * the CDN is asked for next is rendered anew, on whichever origin it asks (sharing Redis): the
 * renders follow the visitors, spread over every origin, rather than queue on this one. Then, once
 * every render begun before the marks has been stored, the recheck: each card this origin does not
 * serve from the current write (one the CDN fetched while it was still served stale, a render that
 * read the card before the save) is redone and purged by its own tag, and every card is purged by
 * its own tag once served current (none is recorded as purged at a version here).
 */
async function purgeAndRecheck(companyId: string, usernames: string[], markedAt: number) {
  const origin = env.ownOrigin;
  if (origin) {
    // The last path marked: Next applies a request's marks in order.
    const last = cardPaths(usernames[usernames.length - 1]).at(-1) as string;
    await marksApplied(origin, last, Date.now() + renderBoundMs()).catch(() => undefined);
  }
  const applied = Date.now() - markedAt;
  await purgeServed(new Map(usernames.map((username) => [username, ''])), [
    companyTag(companyId),
  ]).then(
    () =>
      console.log(
        `Company ${companyId}: ${usernames.length} cards marked, applied in ${applied} ms, ` +
          `purged from the CDN ${Date.now() - markedAt} ms after the marks`,
      ),
    (error: Error) =>
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
 * After a template save: marks every answer of every card of the company stale, then, after the
 * response, purges the CDN once by the company's tag, and rechecks. Throws when Firestore does
 * not answer the list of cards; nothing is marked then.
 */
export async function revalidateCompany(companyId: string): Promise<void> {
  const usernames = await companyCards(companyId);
  if (usernames.length === 0) return;
  const markedAt = Date.now();
  usernames.flatMap(cardPaths).forEach(markStale);
  usernames.forEach(purgeUnderWay);
  after(() => purgeAndRecheck(companyId, usernames, markedAt));
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
