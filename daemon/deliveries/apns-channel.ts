// The delivery channel of Apple Wallet pushes (daemon/deliveries/channel.ts): when a card changes
// (card.updated) or is removed, deprovisioned or erased (card.voided), every pass of it that karta
// served gets a newer tag (voided, for card.voided) and every device registered for one of them
// is pushed once: APNs' provider API over HTTP/2 with token authentication, the pass type id as
// topic and an empty JSON dictionary as payload, as Apple's Wallet documentation has it. The
// device then asks karta's web service which passes changed and fetches them
// (server/wallet/passkit-service.ts). APNs' 410 (Unregistered) drops the device's registrations;
// a delivered voided push leaves them without a push token (passkit-store.ts).
import type { Firestore } from 'firebase-admin/firestore';
import { apnsConfig, appleWalletConfig } from '../../lib/wallet-env';
import {
  dropRegistrations,
  markPassesUpdated,
  pushTokensOfCard,
  silenceRegistrations,
} from '../../server/wallet/passkit-store';
import { apnsPost } from './apns-request';
import { providerToken } from './apns-token';
import type { DeliveryChannel, SendOutcome } from './channel';

/** APNs' answer for a token no longer valid for the topic: the device is gone. */
const GONE_STATUS = 410;

function configured() {
  const apple = appleWalletConfig(process.env);
  const apns = apnsConfig(process.env);
  return apple && apns ? { apple, apns } : undefined;
}

export const apnsChannel: DeliveryChannel = {
  kind: 'apns',

  async destinationsOf(db, event) {
    if (event.type !== 'card.updated' && event.type !== 'card.voided') return [];
    const at = Math.floor(Date.parse(event.at) / 1000);
    await markPassesUpdated(db, event.username, at, event.type === 'card.voided');
    if (!configured()) return [];
    const tokens = await pushTokensOfCard(db, event.username);
    return tokens.map((destination) => ({ destination, payload: {} }));
  },

  async send(db, delivery): Promise<SendOutcome> {
    const config = configured();
    if (!config) {
      return { ok: false, status: null, error: 'APNs is not configured (APPLE_APNS_KEY_ID).' };
    }
    const { apple, apns } = config;
    let answer;
    try {
      answer = await apnsPost(
        apns,
        `/3/device/${encodeURIComponent(delivery.destination)}`,
        {
          authorization: `bearer ${await providerToken(apns, apple.teamId)}`,
          'apns-topic': apple.passTypeId,
        },
        '{}',
      );
    } catch (error) {
      return { ok: false, status: null, error: `APNs: ${(error as Error).message}` };
    }
    if (answer.status === 200) {
      if (delivery.type === 'card.voided') {
        await silenceRegistrations(db, delivery.username, delivery.destination);
      }
      return { ok: true, status: 200 };
    }
    return {
      ok: false,
      status: answer.status,
      error: `APNs ${answer.status}${answer.reason ? ` ${answer.reason}` : ''}`,
      ...(answer.status === GONE_STATUS ? { gone: true } : {}),
    };
  },

  async gone(db: Firestore, delivery) {
    await dropRegistrations(db, delivery.username, delivery.destination);
  },
};
