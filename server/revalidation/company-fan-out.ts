// A template save's fan-out to every card of the company. The save itself is step 1
// (server/company/template.ts writes the template and its templateAt in one transaction); this
// module is the rest, in order:
//   2. mark   every answer of every card stale on this origin, and so on all sharing its cache;
//   3. purge  the CDN once by the company's tag, as soon as this origin applies the marks;
//   4. recheck each card once every render begun before the marks has ended (recheck-later.ts).
// The renders follow the visitors: each card the CDN is asked for next is rendered anew, on
// whichever origin it asks, rather than queued on this one.
import 'server-only';
import { after } from 'next/server';
import { USERS_COLLECTION, companyCardsQuery } from '../../lib/collections';
import { env } from '../../lib/env';
import { cardPaths, companyTag } from '../../lib/routes';
import { purgeServed, purgeUnderWay } from '../cdn/purge-ledger';
import { adminDb } from '../firebase/admin-app';
import { readWithDeadline } from '../profile-store';
import { askOriginUntil } from './ask-origin';
import { markStale, renderBoundMs } from './marks';
import { MAX_USERNAMES } from './request';
import { recheckLater } from './recheck-later';
import { revalidateCards, type Revalidation } from './revalidate-cards';

/** How often the last marked path is asked for while this origin applies the marks. */
const POLL_MS = 25;

/**
 * Steps 2 to 4 of a template save (above). Throws when Firestore does not answer the list of
 * cards; nothing is marked then.
 */
export async function fanOutCompany(companyId: string, cards?: readonly string[]): Promise<void> {
  const usernames = cards ? [...cards] : await companyCards(companyId);
  if (usernames.length === 0) return;
  const markedAt = markCards(usernames);
  after(async () => {
    await purgeCompany(companyId, usernames, markedAt);
    recheckLater({ companyId }, markedAt);
  });
}

/** Every card of the company (switched-off ones too: their 410 page shows its name), by name. */
async function companyCards(companyId: string): Promise<string[]> {
  const query = companyCardsQuery(adminDb(), companyId);
  const cards = await readWithDeadline(
    () => query.select().get(),
    `${USERS_COLLECTION} of ${companyId}`,
  );
  return cards.docs.map((doc) => doc.id);
}

/** Step 2: the time of the marks. */
function markCards(usernames: string[]): number {
  const markedAt = Date.now();
  usernames.flatMap(cardPaths).forEach(markStale);
  usernames.forEach(purgeUnderWay);
  return markedAt;
}

/**
 * Step 3: one purge by the company's tag (every member card's answers carry it:
 * server/cdn/tags.ts) once this origin no longer answers the last marked path from the entry it
 * held before the marks (Next applies a request's marks in order): a CDN that fetched the card
 * before then would keep the old one. None is recorded as purged at a version here, so the
 * recheck purges each card by its own tag once it is served current.
 */
async function purgeCompany(companyId: string, usernames: string[], markedAt: number) {
  const origin = env.ownOrigin;
  if (origin) {
    const last = cardPaths(usernames[usernames.length - 1]).at(-1) as string;
    const until = { deadline: Date.now() + renderBoundMs(), pollMs: POLL_MS };
    await askOriginUntil(origin, last, until, (state) => state !== 'HIT').catch(() => undefined);
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
}

/**
 * Step 4, and the daemon's request after a template save: each card's recheck (revalidateCards),
 * MAX_USERNAMES at a time. A card this origin serves from an older write (the CDN fetched it while
 * it was still served stale, a render read it before the save, a fan-out the server did not
 * finish) is done again and purged by its own tag.
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
