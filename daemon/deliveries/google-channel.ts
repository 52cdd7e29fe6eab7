// The Google Wallet channel of the delivery outbox: a card's change (card.updated) or its voiding
// (card.voided) PATCHes the generic objects its save links named (googleWalletObjects), through the
// Wallet API (`PATCH {api}/walletobjects/v1/genericObject/{objectId}`) with the issuer's access
// token (google-token.ts). Either carries the object as the card is at the attempt, so a retry
// never sends an older state: built from the card as it shows (server/wallet/google-object.ts, as
// the save link does), or, for a card erased, switched off or claimed anew since the object was
// named, INACTIVE with none of the card's data. A 404 is an object its owner never saved: nothing
// to do.
import type { Firestore } from 'firebase-admin/firestore';
import { cardPath } from '../../lib/collections';
import { DELIVERY_TIMEOUT_MS } from '../../lib/deliveries';
import { env } from '../../lib/env';
import { isCardLanguage, type CardLanguage } from '../../lib/routes';
import type { GoogleWalletConfig } from '../../lib/wallet-env';
import { passClaimOf, walletPassId } from '../../lib/wallet-pass-id';
import { storedCard } from '../../server/card-shown';
import { passOf } from '../../server/wallet/card-pass';
import {
  genericObjectPatch,
  googleObjectId,
  voidedObjectPatch,
} from '../../server/wallet/google-object';
import { googleObjectsOf } from '../../server/wallet/google-object-store';
import type { DeliveryChannel, Destination, SendOutcome } from './channel';
import { googleTokens } from './google-token';

export interface GoogleChannelOptions {
  /** env.googleWallet unless set; none, the channel names no destination. */
  config?: () => GoogleWalletConfig | undefined;
  /** The clock of the token's lifetime; Date.now unless set. */
  now?: () => number;
  log?: (line: string) => void;
}

/** The start of Google's answer kept in the delivery log. */
const LOGGED_ANSWER_CHARS = 200;

/** The path of an object in the Wallet API. */
export const genericObjectPath = (objectId: string) =>
  `/walletobjects/v1/genericObject/${encodeURIComponent(objectId)}`;

/** What the PATCH of `objectId` carries: the card as it shows now, or the voided object. */
async function objectNow(
  db: Firestore,
  config: GoogleWalletConfig,
  username: string,
  lang: CardLanguage,
  objectId: string,
): Promise<Record<string, unknown>> {
  const voided = voidedObjectPatch(config.issuerId, objectId, lang);
  const snapshot = await db.doc(cardPath(username)).get();
  const passId = walletPassId(username, lang, passClaimOf(snapshot.data()));
  // An object of an earlier claim never shows the card's new owner.
  if (googleObjectId(config.issuerId, passId) !== objectId) return voided;
  const { profile } = await storedCard(snapshot, async (path) => {
    const read = await db.doc(path).get();
    return read.exists ? read : null;
  });
  return profile ? genericObjectPatch(passOf(profile, lang), config.issuerId, passId) : voided;
}

export function googleChannel(options: GoogleChannelOptions = {}): DeliveryChannel {
  const { config: configOf = () => env.googleWallet, now = Date.now, log = console.log } = options;
  const tokens = googleTokens(now);

  async function patch(
    config: GoogleWalletConfig,
    objectId: string,
    body: Record<string, unknown>,
  ): Promise<SendOutcome> {
    const token = await tokens.get(config);
    if (!('token' in token)) return { ok: false, status: token.status, error: token.error };
    let answer: Response;
    try {
      answer = await fetch(`${config.apiOrigin}${genericObjectPath(objectId)}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${token.token}`,
          'content-type': 'application/json; charset=utf-8',
        },
        body: JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
    } catch (error) {
      return { ok: false, status: null, error: `Google Wallet API: ${(error as Error).message}` };
    }
    const text = (await answer.text().catch(() => '')).slice(0, LOGGED_ANSWER_CHARS);
    if (answer.ok) return { ok: true, status: answer.status };
    if (answer.status === 404) {
      log(`deliveries: Google Wallet object ${objectId} was never saved: nothing to update`);
      return { ok: true, status: 404 };
    }
    if (answer.status === 401) tokens.drop(token.token);
    const why =
      answer.status === 401
        ? 'refused the access token'
        : answer.status === 403
          ? "refused the service account (is it a user of the issuer's account?)"
          : 'answered';
    return {
      ok: false,
      status: answer.status,
      error: `Google Wallet API ${why} (${answer.status}): ${text}`,
    };
  }

  return {
    kind: 'google',

    async destinationsOf(db, event): Promise<Destination[]> {
      const config = configOf();
      if (!config || (event.type !== 'card.updated' && event.type !== 'card.voided')) return [];
      // Objects of another issuer (a configuration since replaced) are not this account's to change.
      const objects = (await googleObjectsOf(db, event.username)).filter(({ objectId }) =>
        objectId.startsWith(`${config.issuerId}.`),
      );
      let current = objects;
      if (event.type === 'card.updated' && objects.length > 0) {
        // Only the current claim's: an earlier claim's objects were voided with it.
        const claim = passClaimOf((await db.doc(cardPath(event.username)).get()).data());
        current = objects.filter(
          ({ objectId, lang }) =>
            objectId === googleObjectId(config.issuerId, walletPassId(event.username, lang, claim)),
        );
      }
      return current.map(({ objectId, lang }) => ({ destination: objectId, payload: { lang } }));
    },

    async send(db, delivery): Promise<SendOutcome> {
      const config = configOf();
      if (!config) return { ok: false, status: null, error: 'Google Wallet is not configured' };
      const lang: unknown = delivery.payload.lang;
      if (!isCardLanguage(lang)) {
        return { ok: false, status: null, error: `no card language in the delivery: ${lang}` };
      }
      // card.voided too: the card as it is at the attempt is voided (erased, switched off, or
      // claimed anew since the object was named), unless the name's new owner already saved a pass
      // of their own before the erasure's voiding came round, which must stay theirs.
      const objectId = delivery.destination;
      return patch(
        config,
        objectId,
        await objectNow(db, config, delivery.username, lang, objectId),
      );
    },
  };
}
