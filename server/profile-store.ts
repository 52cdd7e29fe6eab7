import 'server-only';
import { cache } from 'react';
import type { DocumentSnapshot, Timestamp } from 'firebase-admin/firestore';
import { withDeadline } from '../lib/deadline';
import { env } from '../lib/env';
import { adminDb } from './firebase/admin-app';
import { normaliseProfile, type Profile } from '../lib/profile';
import { companyContact } from '../lib/company-contact';
import { FORWARD_FIELD } from '../lib/company-removal';
import {
  COMPANY_FIELD,
  COMPANY_NAME_FIELD,
  LOGO_VERSION_FIELD,
  OFF_FIELD,
  TEMPLATE_AT_FIELD,
  TEMPLATE_FIELD,
  USERS_COLLECTION,
  cardPath,
  companyPath,
} from '../lib/collections';
import {
  applyCompany,
  cardCompany,
  normaliseTemplate,
  type CardCompany,
  type CompanySource,
  type CompanyProfile,
} from '../lib/company';

const PAGE_SIZE = 1000;
/** Documents fetched in one round trip while pre-rendering. */
const BUILD_CHUNK = 200;

export class ProfileReadError extends Error {
  override name = 'ProfileReadError';
}

// After a read has missed its deadline, Firestore is taken for unreachable for this long: the
// reads that follow fail at once instead of each waiting a deadline of its own (Next renders a
// failed page more than once, and every visitor's request would otherwise wait the full time).
const UNREACHABLE_FOR_MS = 2000;
let unreachableUntil = 0;

// Reads must end: a regeneration that hangs on an unreachable Firestore holds a request open.
export async function readWithDeadline<T>(read: () => Promise<T>, what: string): Promise<T> {
  if (Date.now() < unreachableUntil) {
    throw new ProfileReadError(`${what}: Firestore did not answer a read just before`);
  }
  const ms = env.firestoreReadTimeoutMs;
  try {
    return await withDeadline(
      read(),
      ms,
      () => new ProfileReadError(`${what}: no answer from Firestore in ${ms} ms`),
    );
  } catch (error) {
    if (error instanceof ProfileReadError) unreachableUntil = Date.now() + UNREACHABLE_FOR_MS;
    throw error;
  }
}

/** A card as read: its profile (null when there is none) and which write of it was read. */
export interface StoredCard {
  /** As it shows: a member card's carries its company's locked values and the company itself. */
  profile: CompanyProfile | null;
  /**
   * The document's update time, exact to the nanosecond, or 'none' when it does not exist: two
   * answers rendered from the same write carry the same version, whatever wrote it. A card of a
   * company adds `:` and the company's templateAt ('none' without a company document), so that a
   * template save is a new version of every member card.
   */
  version: string;
  /**
   * A card switched off (its owner left the company or was removed): its company, whose name and
   * website its 410 page shows (the company's id alone when the company document is gone).
   * The profile is null then.
   */
  off?: CardCompany;
  /** A switched-off card: its company's own contact (lib/company-contact.ts). */
  companyContact?: Profile;
  /** A switched-off card forwarded to a colleague's: their username (lib/company-removal.ts). */
  forwardTo?: string;
}

/** A card document as read, before its company is. */
interface CardRead {
  snapshot: DocumentSnapshot;
}

const exactTime = (time: Timestamp) =>
  `${time.seconds}.${String(time.nanoseconds).padStart(9, '0')}`;

/**
 * A Timestamp field's exact time, or undefined. By its shape rather than `instanceof`: a second
 * copy of the SDK (a test's isolated modules) makes Timestamps of another class.
 */
function timeIn(value: unknown): string | undefined {
  const time = value as Partial<Timestamp> | null | undefined;
  return typeof time?.seconds === 'number' && typeof time.nanoseconds === 'number'
    ? exactTime(time as Timestamp)
    : undefined;
}

/** A document's text field, or undefined. */
function textOf(data: Record<string, unknown> | undefined, field: string): string | undefined {
  const value = data?.[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

// A template save regenerates every member card at once: the renders that read one company at the
// same time share its read, while it is under way only (never a read that has ended), so a render
// begun after a save never reads an answer older than one read's round trip; such a render carries
// the older templateAt in its version, which the revalidation's recheck redoes.
const companyReads = new Map<string, Promise<DocumentSnapshot | null>>();

/** The company a card names, read with the card's deadline; null when its document is missing. */
function readCompany(companyId: string): Promise<DocumentSnapshot | null> {
  const underWay = companyReads.get(companyId);
  if (underWay) return underWay;
  const path = companyPath(companyId);
  const read = readWithDeadline(() => adminDb().doc(path).get(), path)
    .then((snapshot) => (snapshot.exists ? snapshot : null))
    .finally(() => companyReads.delete(companyId));
  companyReads.set(companyId, read);
  return read;
}

/**
 * The card as it shows. A member card shows its company's locked values (applyCompany); one whose
 * company document is missing shows as a personal card (its own values), so a company deleted by
 * hand breaks no card.
 */
async function toStoredCard({ snapshot }: CardRead): Promise<StoredCard> {
  if (!snapshot.exists) return { profile: null, version: 'none' };
  const data = snapshot.data();
  const updated = snapshot.updateTime ? exactTime(snapshot.updateTime) : 'none';
  const companyId = textOf(data, COMPANY_FIELD);
  const offAt = data?.[OFF_FIELD];
  if (!companyId) {
    return { profile: normaliseProfile(snapshot.id, data), version: updated };
  }
  const company = await readCompany(companyId);
  const fields = company?.data();
  const version = `${updated}:${timeIn(fields?.[TEMPLATE_AT_FIELD]) ?? 'none'}`;
  const source: CompanySource = {
    id: companyId,
    name: textOf(fields, COMPANY_NAME_FIELD) ?? '',
    template: normaliseTemplate(fields?.[TEMPLATE_FIELD]),
    logoVersion: textOf(fields, LOGO_VERSION_FIELD),
  };
  if (offAt !== undefined && offAt !== null) {
    const forwardTo = textOf(data, FORWARD_FIELD);
    return {
      profile: null,
      version,
      off: cardCompany(source),
      companyContact: companyContact(snapshot.id, source),
      ...(forwardTo ? { forwardTo } : {}),
    };
  }
  const profile = normaliseProfile(snapshot.id, data);
  return { profile: company ? applyCompany(profile, source) : profile, version };
}

/**
 * Up to `limit` usernames in id order, without downloading any field (a field-less select),
 * page by page.
 */
export async function listUsernames(limit = Infinity): Promise<string[]> {
  const usernames: string[] = [];
  let last: string | undefined;
  while (usernames.length < limit) {
    const size = Math.min(PAGE_SIZE, limit - usernames.length);
    let query = adminDb().collection(USERS_COLLECTION).select().orderBy('__name__').limit(size);
    if (last !== undefined) query = query.startAfter(last);
    const page = await readWithDeadline(() => query.get(), `${USERS_COLLECTION} (list)`);
    for (const doc of page.docs) usernames.push(doc.id);
    if (page.size < size) break;
    last = page.docs[page.docs.length - 1].id;
  }
  return usernames;
}

/** The cards `next build` pre-renders: at most PRERENDER_LIMIT, so builds do not grow with users. */
export function listPrerenderedUsernames(): Promise<string[]> {
  return listUsernames(env.prerenderLimit);
}

// While `next build` pre-renders every card, one round trip per page dominates. The build
// renders pages in the order generateStaticParams gave (sorted ids), so the first read of a
// chunk fetches the next BUILD_CHUNK profiles with one getAll; only that chunk is kept, which
// keeps memory flat however many users there are.
let buildOrder: Promise<{ ids: string[]; at: Map<string, number> }> | undefined;
let buildChunk: Promise<Map<string, CardRead>> | undefined;
let buildChunkIds = new Set<string>();

async function readDuringBuild(username: string): Promise<CardRead | undefined> {
  if (!buildChunkIds.has(username)) {
    buildOrder ??= listPrerenderedUsernames().then((ids) => ({
      ids,
      at: new Map(ids.map((id, i) => [id, i])),
    }));
    const order = await buildOrder;
    const at = order.at.get(username);
    if (at === undefined) return undefined;
    const ids = order.ids.slice(at, at + BUILD_CHUNK);
    buildChunkIds = new Set(ids);
    const db = adminDb();
    buildChunk = readWithDeadline(
      () => db.getAll(...ids.map((id) => db.doc(cardPath(id)))),
      `${USERS_COLLECTION} (${ids.length} for the build)`,
    ).then((snapshots) => new Map(snapshots.map((snapshot) => [snapshot.id, { snapshot }])));
  }
  return (await buildChunk)?.get(username);
}

/**
 * The card, its profile null only when the document does not exist or the card is switched off
 * (`off`). A member card's company is read too, with the same deadline. Any failed read throws, so
 * that ISR keeps serving the last good page rather than caching a 404.
 */
export const getCard = cache(async (username: string): Promise<StoredCard> => {
  if (env.isBuild) {
    const batched = await readDuringBuild(username);
    if (batched !== undefined) return toStoredCard(batched);
  }
  const path = cardPath(username);
  const snapshot = await readWithDeadline(() => adminDb().doc(path).get(), path);
  return toStoredCard({ snapshot });
});
