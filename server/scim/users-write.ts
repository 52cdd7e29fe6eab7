// Provisioning (RFC 7644 §3.3, §3.5, §3.6): a directory's create, replace, patch and delete of a
// User, each one transaction with every check in it (userName unique per company, the card's
// limits), so a refused or failed request leaves nothing: no user, no card, no invitation.
import 'server-only';
import {
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  COMPANY_FIELD,
  COMPANY_NAME_FIELD,
  DIRECTORY_USER_FIELD,
  HOLD_CARDS_FIELD,
  JOINED_FIELD,
  OFF_FIELD,
  OWNER_FIELD,
  cardPath,
  companyPath,
  scimSettingsPath,
} from '../../lib/collections';
import { claimProblem } from '../../lib/username';
import { cardChanged } from '../card-stamp';
import { publishCards } from '../company/publish';
import { adminDb } from '../firebase/admin-app';
import {
  DIRECTORY_FIELDS,
  directoryCardFields,
  signInAddress,
  usernameBase,
  type DirectoryCardFields,
} from './card-fields';
import type { ScimContext } from './context';
import { ScimError } from './errors';
import { hasAccount, writeDirectoryInvite } from './invitation';
import { applyPatch } from './patch';
import { normaliseUser, type StoredUser } from './schemas';
import {
  directoryUserOf,
  directoryUserRef,
  etagOf,
  newScimId,
  storedDoc,
  userNameKey,
  userNameRef,
  type DirectoryUserDoc,
} from './users-store';
import { prepareSwitchOff, writeSwitchOn, type Prepared } from './switch';
import { randomBytes } from 'node:crypto';

const NOT_FOUND = new ScimError(404, 'No such user.');
const TAKEN = new ScimError(409, 'A user with this userName exists already.', 'uniqueness');

/** Written once: what karta answers with. */
export interface WrittenUser {
  scimId: string;
  doc: DirectoryUserDoc;
}

/** The company as a write reads it: its name, and whether new cards wait for their person. */
function companyOf(company: DocumentSnapshot, settings: DocumentSnapshot) {
  if (!company.exists) throw new ScimError(404, 'The company no longer exists.');
  return {
    name: String(company.get(COMPANY_NAME_FIELD) ?? ''),
    hold: settings.get(HOLD_CARDS_FIELD) === true,
  };
}

const companyRefs = (companyId: string) => [
  adminDb().doc(companyPath(companyId)),
  adminDb().doc(scimSettingsPath(companyId)),
];

async function readCompany(tx: Transaction, companyId: string) {
  const [company, settings] = await tx.getAll(...companyRefs(companyId));
  return companyOf(company, settings);
}

/**
 * Reads, in `tx` and in one round trip, what a create checks: the company, whether the userName
 * is taken, and the first of the card names `names` that is free.
 */
async function readForCreate(tx: Transaction, companyId: string, key: string, names: string[]) {
  const [company, settings, userName, ...cards] = await tx.getAll(
    ...companyRefs(companyId),
    userNameRef(companyId, key),
    ...names.map((name) => adminDb().doc(cardPath(name))),
  );
  const read = companyOf(company, settings);
  if (userName.exists) throw TAKEN;
  return { ...read, username: names.find((_, i) => !cards[i].exists) };
}

/** panagiotis-oikonomou, then -2 … -9, then a random ending no name would take. */
function usernameCandidates(base: string): string[] {
  const stem = base.slice(0, 27).replace(/[._-]+$/, '');
  const numbered = [2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${stem}-${n}`);
  const random = `${base.slice(0, 22).replace(/[._-]+$/, '')}-${randomBytes(3).toString('hex')}`;
  return [base, ...numbered, random].filter((name) => claimProblem(name) === null);
}

/** The card's directory fields: those given set, the others removed (the directory owns them). */
export function cardFieldWrites(fields: DirectoryCardFields): Record<string, unknown> {
  return Object.fromEntries(
    DIRECTORY_FIELDS.map((field) => [field, fields[field] ?? FieldValue.delete()]),
  );
}

/**
 * Writes, in `tx`, the invitation of directory user `scimId`'s person to their card, when it has
 * an address to send it to (none: nobody is invited). Reads no document: Auth says whether the
 * address has an account (`known`, when the caller asked before its transaction).
 */
async function invitePerson(
  tx: Transaction,
  companyId: string,
  companyName: string,
  { scimId, username, fields }: { scimId: string; username: string; fields: DirectoryCardFields },
  now: number,
  known?: Promise<boolean>,
): Promise<void> {
  const email = fields.email;
  if (email === undefined) return;
  const account = await (known ?? hasAccount(email));
  writeDirectoryInvite(
    tx,
    { companyId, companyName, scimId, username, email, fields, hasAccount: account },
    now,
  );
}

/** POST /Users: the user, their card (live unless held) and their invitation. */
export async function createUser(ctx: ScimContext, body: unknown, now = Date.now()) {
  const user = normaliseUser(body);
  const scimId = newScimId();
  const key = userNameKey(user.userName);
  const candidates = usernameCandidates(usernameBase(user));
  // Auth is asked while the transaction reads, not inside its hold on the documents; a refused
  // create never awaits it, hence the handler that keeps its failure from going unhandled.
  const account = hasAccount(signInAddress(user));
  account.catch(() => {});
  const db = adminDb();
  const written = await db.runTransaction(async (tx) => {
    const read = await readForCreate(tx, ctx.companyId, key, candidates);
    const username = read.username;
    if (username === undefined) throw new ScimError(409, 'No free card name.', 'uniqueness');
    const fields = directoryCardFields(user, username);
    const active = user.active !== false;
    const doc = storedDoc(user, username, Timestamp.fromMillis(now), now, 1);
    tx.create(userNameRef(ctx.companyId, key), { scimId });
    tx.create(directoryUserRef(ctx.companyId, scimId), doc);
    tx.create(db.doc(cardPath(username)), {
      username,
      firstName: '',
      lastName: '',
      ...fields,
      [COMPANY_FIELD]: ctx.companyId,
      [JOINED_FIELD]: FieldValue.serverTimestamp(),
      [DIRECTORY_USER_FIELD]: scimId,
      ...(active && !read.hold ? {} : { [OFF_FIELD]: FieldValue.serverTimestamp() }),
      ...cardChanged(),
    });
    if (active) {
      const invited = { scimId, username, fields };
      await invitePerson(tx, ctx.companyId, read.name, invited, now, account);
    }
    return { scimId, doc };
  });
  // Marked before the answer, as every write's revalidation is: a directory sending its next
  // request at once waits for it, so a burst of creates cannot outrun the renders it causes. (In
  // one of two bench runs that answered first, Varnish found both origins sick: 656 creates 503.)
  await publishCards([written.doc.username]);
  return written;
}

/** The resource a PATCH is applied to: the user as stored, with what the library expects. */
function patchable(scimId: string, doc: DirectoryUserDoc) {
  return {
    schemas: [] as string[],
    id: scimId,
    ...doc.user,
    active: doc.active,
    meta: { created: doc.created.toDate(), lastModified: doc.lastModified.toDate() },
  };
}

type Change = { kind: 'replace'; body: unknown } | { kind: 'patch'; body: unknown };

/** The user after `change`: a PUT's body, or the stored user with a PATCH's operations applied. */
function changed(scimId: string, doc: DirectoryUserDoc, change: Change): StoredUser {
  if (change.kind === 'patch')
    return normaliseUser(applyPatch(patchable(scimId, doc), change.body));
  const next = normaliseUser(change.body);
  // A replace without `active` leaves it as it was: no directory means "switch off" by omission.
  return next.active === undefined ? { ...next, active: doc.active } : next;
}

/**
 * RFC 7644 §3.14: a write whose If-Match names none of the user's current ETag (`*`: any) is 412,
 * and writes nothing. No If-Match: no condition.
 */
function assertCurrent(doc: DirectoryUserDoc, ifMatch: string | null): void {
  if (ifMatch === null) return;
  const tags = ifMatch.split(',').map((tag) => tag.trim());
  if (!tags.includes('*') && !tags.includes(etagOf(doc))) {
    throw new ScimError(412, 'The user changed since it was read.', 'versionMismatch');
  }
}

/** PUT or PATCH /Users/{id}; `ifMatch` (an ETag) refuses a stale write with 412. */
export async function updateUser(
  ctx: ScimContext,
  scimId: string,
  change: Change,
  ifMatch: string | null,
  now = Date.now(),
): Promise<WrittenUser> {
  const db = adminDb();
  const ref = directoryUserRef(ctx.companyId, scimId);
  const { written, cards } = await db.runTransaction(async (tx) => {
    const doc = directoryUserOf(await tx.get(ref));
    if (!doc) throw NOT_FOUND;
    assertCurrent(doc, ifMatch);
    const company = await readCompany(tx, ctx.companyId);
    const next = changed(scimId, doc, change);
    const key = userNameKey(next.userName);
    if (key !== doc.userNameKey && (await tx.get(userNameRef(ctx.companyId, key))).exists) {
      throw TAKEN;
    }
    const fields = directoryCardFields(next, doc.username);
    const card = await tx.get(db.doc(cardPath(doc.username)));
    const wasActive = doc.active;
    const active = next.active !== false;
    let off: Prepared | null = null;
    if (wasActive && !active) {
      off = await prepareSwitchOff(tx, ctx.companyId, company.name, card, scimId);
    }
    const invite = !wasActive && active && card.get(OWNER_FIELD) === undefined;

    const stored = storedDoc(next, doc.username, doc.created, now, doc.version + 1);
    if (key !== doc.userNameKey) {
      tx.delete(userNameRef(ctx.companyId, doc.userNameKey));
      tx.create(userNameRef(ctx.companyId, key), { scimId });
    }
    tx.set(ref, stored);
    if (card.exists) tx.update(card.ref, { ...cardFieldWrites(fields), ...cardChanged() });
    off?.write();
    if (!wasActive && active && card.exists) writeSwitchOn(tx, card);
    if (invite) {
      await invitePerson(
        tx,
        ctx.companyId,
        company.name,
        { scimId, username: doc.username, fields },
        now,
      );
    }
    return { written: { scimId, doc: stored }, cards: off?.cards ?? [doc.username] };
  });
  await publishCards(cards);
  return written;
}

/**
 * DELETE /Users/{id}: the card switched off as a removal, the user gone (404 from now on); `ifMatch`
 * as a PUT's.
 */
export async function deleteUser(
  ctx: ScimContext,
  scimId: string,
  ifMatch: string | null,
): Promise<void> {
  const db = adminDb();
  const ref = directoryUserRef(ctx.companyId, scimId);
  const cards = await db.runTransaction(async (tx) => {
    const doc = directoryUserOf(await tx.get(ref));
    if (!doc) throw NOT_FOUND;
    assertCurrent(doc, ifMatch);
    const company = await readCompany(tx, ctx.companyId);
    const card = await tx.get(db.doc(cardPath(doc.username)));
    // Switched off already (deactivated first, as Entra ID does): its pending invitation still goes,
    // and the card stays as it is.
    const off = await prepareSwitchOff(tx, ctx.companyId, company.name, card, scimId);
    off.write();
    tx.delete(userNameRef(ctx.companyId, doc.userNameKey));
    tx.delete(ref);
    return off.cards;
  });
  await publishCards(cards);
}
