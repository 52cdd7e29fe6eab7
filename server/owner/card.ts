// The owner's writes to their card, with firebase-admin: the claim, an edit with its photo, and
// the erasure. Each is judged by the console's own rules (lib/profile.ts, lib/username.ts,
// lib/card-photo.ts), written whole or not at all (a transaction), stamped for the watcher
// (updatedAt), and revalidated here so that the card shows it at once.
import 'server-only';
import {
  FieldValue,
  type DocumentSnapshot,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  PHOTO_CONTENT_TYPES,
  PHOTO_MAX_BYTES,
  ownPhotoVersion,
  type PhotoContentType,
} from '../../lib/card-photo';
import {
  CLAIMED_FIELD,
  COMPANY_FIELD,
  OFF_FIELD,
  TEAM_FIELD,
  TEAM_OVERRIDES_FIELD,
  TEMPLATE_FIELD,
  companyPath,
  teamPath,
  DIGEST_OPEN_FIELD,
  DIGEST_USERNAME_FIELD,
  ERASED_AT_FIELD,
  LEAD_DIGESTS_COLLECTION,
  OWNED_CARD_FIELD,
  OWNER_FIELD,
  cardPath,
  contactsPath,
  erasurePath,
  ownerPath,
  photoDocPath,
  departurePath,
} from '../../lib/collections';
import {
  CARD_MESSAGES,
  CARD_REQUEST_MESSAGES,
  parseCardChanges,
  type CardChanges,
} from '../../lib/profile';
import type { CardLink } from '../../lib/card-links';
import { judgeLocked, lockedFieldMessage, normaliseTemplate } from '../../lib/company';
import { normaliseTeamOverrides } from '../../lib/teams';
import { photoSizeProblem } from '../../lib/photo-header';
import { USERNAME_MESSAGES, claimProblem } from '../../lib/username';
import { cardChanged } from '../card-stamp';
import { adminDb } from '../firebase/admin-app';
import { revalidateCards } from '../revalidation/revalidate-cards';
import { assertOwns, type Owner } from './auth';
import { OwnerError, badField } from './respond';
import { queueWelcomeMail } from './welcome-mail';
import { readSpentLimits } from './spent-limits';
import { chargeOwnerWrite } from './write-limit';

/** Deletions per batch when an erasure deletes contacts or digests (Firestore's limit per batch). */
const DELETE_PAGE = 500;
/**
 * Pages an erasure deletes of each before it goes on regardless (100,000 contacts): a flood of
 * visitors cannot keep it going; the watcher deletes whatever is left once the card is gone.
 */
const DELETE_PAGES = 200;

/** The edit has been stored: the card's pages are marked stale now, regenerated after the answer. */
async function publish(username: string): Promise<void> {
  try {
    await revalidateCards([username]);
  } catch (error) {
    // The write stands; the watcher revalidates it from its updatedAt.
    console.error(`Revalidating ${username} after its owner's write failed:`, error);
  }
}

/**
 * Creates users/{username} for this account, with owners/{uid}, its one card. The address must
 * be verified; the name claimable (lib/username.ts) and free; the fields valid. It counts among
 * the account's writes (server/owner/write-limit.ts) at `now`: an erasure and a claim again
 * publish a card too.
 */
export async function claimCard(owner: Owner, body: unknown, now = Date.now()): Promise<void> {
  if (!owner.emailVerified) throw new OwnerError(403, { error: 'unverified' });
  const { username, fields } = (body ?? {}) as { username?: unknown; fields?: unknown };
  if (typeof username !== 'string') throw badField('username', USERNAME_MESSAGES.format);
  const problem = claimProblem(username);
  if (problem) throw badField('username', problem);
  const parsed = parseCardChanges(fields ?? {}, username, { removals: false, part: 'fields' });
  if (!parsed.ok) throw badField(parsed.field, parsed.error);

  const db = adminDb();
  const card = db.doc(cardPath(username));
  const index = db.doc(ownerPath(owner.uid));
  await db.runTransaction(async (tx) => {
    const [owned, existing] = await tx.getAll(index, card);
    if (owned.exists) throw new OwnerError(409, { error: 'has-card' });
    if (existing.exists) {
      throw new OwnerError(409, { error: 'taken', field: 'username' });
    }
    await chargeOwnerWrite(tx, owner.uid, now);
    tx.create(card, {
      ...parsed.changes,
      username,
      [OWNER_FIELD]: owner.uid,
      [CLAIMED_FIELD]: FieldValue.serverTimestamp(),
      ...cardChanged(),
    });
    tx.create(index, { [OWNED_CARD_FIELD]: username });
    // The note of how a membership ended has done its job once the account has a card again.
    tx.delete(db.doc(departurePath(owner.uid)));
  });
  // A visitor may have been answered a 404 for this name, which stays cached until revalidated.
  await publish(username);
  await queueWelcomeMail(owner.email, username, owner.uid);
}

export interface AcceptedPhoto {
  bytes: Buffer;
  contentType: PhotoContentType;
  version: string;
}

/** A file's first bytes say what it is: the photo route serves it as the type it claims. */
function looksLike(bytes: Buffer, type: PhotoContentType): boolean {
  if (type === 'image/jpeg') return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  );
}

/** The photo part, judged by lib/card-photo.ts; its version is the one the card will name. */
async function readPhoto(
  file: File,
  username: string,
  changes: CardChanges,
): Promise<AcceptedPhoto> {
  const contentType = file.type as PhotoContentType;
  if (!PHOTO_CONTENT_TYPES.includes(contentType)) {
    throw badField('photo', CARD_REQUEST_MESSAGES.photoType);
  }
  if (file.size < 1) throw badField('photo', CARD_MESSAGES.photo);
  if (file.size > PHOTO_MAX_BYTES) throw badField('photo', CARD_MESSAGES.photoTooLarge);
  const version = ownPhotoVersion(username, changes.displayImage ?? '');
  // The photo goes with the card that shows it: displayImage names its version.
  if (version === null) throw badField('displayImage', CARD_REQUEST_MESSAGES.photoMissing);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (!looksLike(bytes, contentType)) throw badField('photo', CARD_REQUEST_MESSAGES.photoType);
  // Its pixels, from the header: the image optimiser would decode whatever size it claims.
  const problem = photoSizeProblem(bytes, contentType);
  if (problem === 'unreadable') throw badField('photo', CARD_REQUEST_MESSAGES.photoUnreadable);
  if (problem) throw badField('photo', CARD_REQUEST_MESSAGES.photoTooManyPixels);
  return { bytes, contentType, version };
}

/**
 * Writes the changed fields (null removes one) and, with a photo, its bytes, in one transaction:
 * a refused edit leaves the card and its photo as they were. A displayImage changed without a
 * photo (removed, or an address) takes the stored photo away with it. The edit counts among the
 * account's writes at `now`: beyond the limit it is a 429 and nothing is written.
 */
export async function saveCard(
  owner: Owner,
  username: string,
  body: { changes: unknown; photo?: File },
  now = Date.now(),
): Promise<void> {
  const parsed = parseCardChanges(body.changes, username, { removals: true, part: 'changes' });
  if (!parsed.ok) throw badField(parsed.field, parsed.error);
  const { changes } = parsed;
  const upload = body.photo ? await readPhoto(body.photo, username, changes) : undefined;
  if (Object.keys(changes).length === 0) {
    throw badField('changes', CARD_REQUEST_MESSAGES.noChanges);
  }

  const db = adminDb();
  const card = db.doc(cardPath(username));
  const photo = db.doc(photoDocPath(username));
  await db.runTransaction(async (tx) => {
    const stored = await tx.get(card);
    assertOwns(stored, owner);
    const written = await withoutLocked(tx, stored, changes);
    await chargeOwnerWrite(tx, owner.uid, now);
    const update: Record<string, string | boolean | CardLink[] | FieldValue> = { ...cardChanged() };
    for (const [field, value] of Object.entries(written)) {
      update[field] = value === null ? FieldValue.delete() : value;
    }
    const shown = changes.displayImage;
    if (upload) {
      tx.set(photo, upload);
    } else if (shown !== undefined && shown !== stored.get('displayImage')) {
      // Its own photo path without the photo would show nothing.
      if (shown !== null && ownPhotoVersion(username, shown) !== null) {
        throw badField('displayImage', CARD_REQUEST_MESSAGES.photoMissing);
      }
      tx.delete(photo);
    }
    tx.update(card, update);
  });
  await publish(username);
}

/**
 * A member card's fields its company's template (or its team) locks, and their English twins, are
 * the company's:
 * an edit of one is a 403 naming it in Greek. One that sends the value stored or the company's (a
 * form opened before the lock) changes nothing and is left out of the write. The template is read
 * in the edit's transaction, so a lock saved meanwhile holds.
 */
async function withoutLocked(
  tx: Transaction,
  stored: DocumentSnapshot,
  changes: CardChanges,
): Promise<CardChanges> {
  const companyId: unknown = stored.get(COMPANY_FIELD);
  if (typeof companyId !== 'string' || stored.get(OFF_FIELD) !== undefined) return changes;
  // The card's team's values stand over the template's (lib/teams.ts), its locks included.
  const teamId: unknown = stored.get(TEAM_FIELD);
  const db = adminDb();
  const [company, team] = await tx.getAll(
    db.doc(companyPath(companyId)),
    ...(typeof teamId === 'string' && teamId !== '' ? [db.doc(teamPath(companyId, teamId))] : []),
  );
  const template = {
    ...normaliseTemplate(company.get(TEMPLATE_FIELD)),
    ...normaliseTeamOverrides(team?.get(TEAM_OVERRIDES_FIELD)),
  };
  const judged = judgeLocked(changes, template, stored.data() ?? {});
  if (judged.refused) {
    const field = judged.refused;
    throw new OwnerError(403, { error: 'locked', field, message: lockedFieldMessage(field) });
  }
  return judged.changes;
}

/** A company card's leads are the company's: its owner leaves the company before erasing it. */
function assertNotCompanyCard(card: DocumentSnapshot): void {
  if (card.get(COMPANY_FIELD) !== undefined && card.get(OFF_FIELD) === undefined) {
    throw new OwnerError(409, { error: 'company-card' });
  }
}

async function deleteAll(query: Query): Promise<void> {
  const db = adminDb();
  for (let pages = 0; pages < DELETE_PAGES; pages++) {
    const page = await query.limit(DELETE_PAGE).select().get();
    if (page.empty) return;
    const batch = db.batch();
    for (const doc of page.docs) batch.delete(doc.ref);
    await batch.commit();
  }
}

/**
 * The right to erasure: every contact left on the card and every hour of its lead mail
 * (leadDigests: a digest not yet mailed names the newest visitors), then the card, its photo,
 * owners/{uid}, the departure note, the account's rate-limit counts that no longer bind at `now`
 * (spent-limits.ts), the digests opened meanwhile and the erasures/{username} tombstone in one
 * transaction. The watcher (daemon/cleanup/) answers the tombstone: it purges the card and deletes
 * what is left (a contact left between the two steps, the card's stats, a digest).
 */
export async function eraseCard(owner: Owner, username: string, now = Date.now()): Promise<void> {
  const db = adminDb();
  const card = db.doc(cardPath(username));
  const read = await card.get();
  assertOwns(read, owner);
  assertNotCompanyCard(read);
  const digests = db
    .collection(LEAD_DIGESTS_COLLECTION)
    .where(DIGEST_USERNAME_FIELD, '==', username);
  await deleteAll(db.collection(contactsPath(username)));
  await deleteAll(digests);
  const index = db.doc(ownerPath(owner.uid));
  await db.runTransaction(async (tx) => {
    const [stored, owned] = await tx.getAll(card, index);
    assertOwns(stored, owner);
    assertNotCompanyCard(stored);
    // Open ones only: a card has one or two (the hour's, and the last one's until it is mailed).
    // The lead mailer reads the card in the transaction that counts for a digest, so none is
    // opened for this claim once this one has committed.
    const open = await tx.get(digests.where(DIGEST_OPEN_FIELD, '==', true).select());
    const spent = await readSpentLimits(tx, owner.uid, now);
    open.docs.forEach((doc) => tx.delete(doc.ref));
    spent.forEach((ref) => tx.delete(ref));
    tx.delete(db.doc(photoDocPath(username)));
    tx.delete(card);
    if (owned.get(OWNED_CARD_FIELD) === username) tx.delete(index);
    tx.delete(db.doc(departurePath(owner.uid)));
    tx.set(db.doc(erasurePath(username)), { [ERASED_AT_FIELD]: FieldValue.serverTimestamp() });
  });
  await publish(username);
}
