// What Apple Wallet's PassKit web service keeps in Firestore (lib/collections.ts): each pass karta
// has served (its card, language, last-updated tag, voided or not), and each device registered for
// a pass's pushes with its push token. The web service (server/wallet/passkit-service.ts) and the
// daemon's APNs channel (daemon/deliveries/apns-channel.ts) read and write it here. No
// 'server-only': the daemon runs it outside Next (as card-stamp.ts).
import { createHash } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  APPLE_PASSES_COLLECTION,
  PASS_REGISTRATIONS_COLLECTION,
  applePassDocPath,
  passRegistrationPath,
} from '../../lib/collections';
import type { CardLanguage } from '../../lib/routes';

/** applePasses/{serialNumber}. */
export interface ApplePassDoc {
  username: string;
  lang: CardLanguage;
  /** The last-updated tag: whole seconds, as HTTP's Last-Modified carries it. */
  updatedAt: number;
  /** Set once its card is removed, deprovisioned or erased: served as a voided pass from then on. */
  voided?: boolean;
}

/** passRegistrations/{registrationId(device, serial)}. */
export interface PassRegistrationDoc {
  device: string;
  serial: string;
  /** The pass's card, so that its updates find the devices without reading every pass. */
  username: string;
  /** Absent once its voided pass was pushed: nothing more goes to it (silenceRegistrations). */
  pushToken?: string;
  createdAt: unknown;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function registrationId(device: string, serial: string): string {
  return createHash('sha256').update(`${device}\n${serial}`).digest('hex').slice(0, 40);
}

export async function servedPass(db: Firestore, serial: string): Promise<ApplePassDoc | undefined> {
  return (await db.doc(applePassDocPath(serial)).get()).data() as ApplePassDoc | undefined;
}

/** Records a pass as served (its tag: now) unless it already is, and answers its document. */
export async function recordServedPass(
  db: Firestore,
  serial: string,
  username: string,
  lang: CardLanguage,
): Promise<ApplePassDoc> {
  const ref = db.doc(applePassDocPath(serial));
  return db.runTransaction(async (transaction) => {
    const known = (await transaction.get(ref)).data() as ApplePassDoc | undefined;
    if (known) return known;
    const doc: ApplePassDoc = { username, lang, updatedAt: nowSeconds() };
    transaction.create(ref, doc);
    return doc;
  });
}

/**
 * Registers `device` for `serial`'s pushes with `pushToken` (a device may send a new one): true
 * when it was not registered yet.
 */
export async function registerDevice(
  db: Firestore,
  registration: Omit<PassRegistrationDoc, 'createdAt' | 'pushToken'> & { pushToken: string },
): Promise<boolean> {
  const ref = db.doc(
    passRegistrationPath(registrationId(registration.device, registration.serial)),
  );
  return db.runTransaction(async (transaction) => {
    const known = await transaction.get(ref);
    if (known.exists) {
      if (known.get('pushToken') !== registration.pushToken) {
        transaction.update(ref, { pushToken: registration.pushToken });
      }
      return false;
    }
    transaction.create(ref, { ...registration, createdAt: FieldValue.serverTimestamp() });
    return true;
  });
}

export async function unregisterDevice(db: Firestore, device: string, serial: string) {
  await db.doc(passRegistrationPath(registrationId(device, serial))).delete();
}

/**
 * The serials `device` holds that changed after the tag `since` (all of them without one), and
 * the newest tag of those it holds; undefined when it holds none that changed.
 */
export async function serialsUpdatedSince(
  db: Firestore,
  device: string,
  since: number | undefined,
): Promise<{ serialNumbers: string[]; lastUpdated: string } | undefined> {
  const registrations = await db
    .collection(PASS_REGISTRATIONS_COLLECTION)
    .where('device', '==', device)
    .get();
  const serials = registrations.docs.map((doc) => String(doc.get('serial')));
  if (serials.length === 0) return undefined;
  const passes = await db.getAll(...serials.map((serial) => db.doc(applePassDocPath(serial))));
  const tags = passes.flatMap((pass) =>
    pass.exists ? [{ serial: pass.id, updatedAt: Number(pass.get('updatedAt')) }] : [],
  );
  const changed = tags.filter(({ updatedAt }) => since === undefined || updatedAt > since);
  if (changed.length === 0) return undefined;
  return {
    serialNumbers: changed.map(({ serial }) => serial),
    lastUpdated: String(Math.max(...tags.map(({ updatedAt }) => updatedAt))),
  };
}

/**
 * Gives every pass of `username`'s card a newer tag than it had (at least `at`, in seconds), voided
 * or not as `voided` says, so that the devices asking after a push get them anew.
 */
export async function markPassesUpdated(
  db: Firestore,
  username: string,
  at: number,
  voided: boolean,
): Promise<void> {
  const passes = await db
    .collection(APPLE_PASSES_COLLECTION)
    .where('username', '==', username)
    .get();
  await Promise.all(
    passes.docs.map((pass) =>
      db.runTransaction(async (transaction) => {
        const current = await transaction.get(pass.ref);
        if (!current.exists) return;
        const updatedAt = Math.max(Number(current.get('updatedAt')) + 1, at);
        // A card switched on again after its card.voided is not voided any more.
        transaction.update(pass.ref, { updatedAt, voided });
      }),
    ),
  );
}

/** The push tokens of the devices registered for any pass of `username`'s card, each once. */
export async function pushTokensOfCard(db: Firestore, username: string): Promise<string[]> {
  const registrations = await db
    .collection(PASS_REGISTRATIONS_COLLECTION)
    .where('username', '==', username)
    .get();
  const tokens = registrations.docs.map((doc): unknown => doc.get('pushToken'));
  return [...new Set(tokens.filter((token) => typeof token === 'string'))];
}

/**
 * After the push of a voided card's passes reached `pushToken`: its registrations lose the token,
 * so nothing more is pushed to it, while the device can still list the voided serial and fetch the
 * voided pass the push announced (a registration deleted now would answer it 204, and its pass
 * would never show as voided). The device's own unregistration deletes them.
 */
export async function silenceRegistrations(
  db: Firestore,
  username: string,
  pushToken: string,
): Promise<void> {
  const registrations = await registrationsOf(db, username, pushToken);
  await Promise.all(registrations.map((doc) => doc.ref.update({ pushToken: FieldValue.delete() })));
}

async function registrationsOf(db: Firestore, username: string, pushToken: string) {
  const registrations = await db
    .collection(PASS_REGISTRATIONS_COLLECTION)
    .where('pushToken', '==', pushToken)
    .get();
  return registrations.docs.filter((doc) => doc.get('username') === username);
}

/** Deletes the registrations of `pushToken` for `username`'s passes: APNs said it is gone. */
export async function dropRegistrations(
  db: Firestore,
  username: string,
  pushToken: string,
): Promise<void> {
  const registrations = await registrationsOf(db, username, pushToken);
  await Promise.all(registrations.map((doc) => doc.ref.delete()));
}
