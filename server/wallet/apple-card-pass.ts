// A card's Apple Wallet pass as karta serves it, to a signed link and to the PassKit web service:
// its serialNumber is the card's pass id for this language and claim (lib/wallet-pass-id.ts), it
// names karta's web service with a token of its own, and the pass is recorded as served so that
// the web service and the APNs channel know it (passkit-store.ts).
//
// The token is not stored: it is an HMAC of the serial under a key derived (HKDF) from
// REVALIDATE_SECRET (server/sso/secret-box.ts), so only karta's server can make one, and a pass's
// token opens only that pass.
import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { cardPath } from '../../lib/collections';
import type { CompanyProfile } from '../../lib/company';
import { env } from '../../lib/env';
import type { CardLanguage } from '../../lib/routes';
import type { AppleWalletConfig } from '../../lib/wallet-env';
import { passClaimOf, walletPassId } from '../../lib/wallet-pass-id';
import { adminDb } from '../firebase/admin-app';
import { getPhoto } from '../image-store';
import { getCard } from '../profile-store';
import { key } from '../sso/secret-box';
import { applePass, readSigning, voidedApplePass, type PassService } from './apple-pass';
import { recordServedPass, type ApplePassDoc } from './passkit-store';
import { passOf } from './card-pass';

/** The scheme of the Authorization header Wallet sends with a pass's token. */
const AUTHORIZATION_SCHEME = 'ApplePass ';
/** Where passes name the web service; Wallet appends /v1/… (app/api/passkit/v1/). */
export const PASSKIT_SERVICE_PATH = '/api/passkit';

function authenticationToken(serial: string): string {
  return createHmac('sha256', key('passkit')).update(serial).digest('base64url');
}

/** Whether an Authorization header carries `serial`'s token (compared in constant time). */
export function passAuthorized(serial: string, authorization: string | null): boolean {
  if (!authorization?.startsWith(AUTHORIZATION_SCHEME)) return false;
  const given = Buffer.from(authorization.slice(AUTHORIZATION_SCHEME.length));
  const expected = Buffer.from(authenticationToken(serial));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function passService(serial: string): PassService {
  return {
    webServiceURL: new URL(PASSKIT_SERVICE_PATH, env.siteUrl).href,
    authenticationToken: authenticationToken(serial),
  };
}

/** The serial of the pass of the card stored as `card` in `lang`. */
function serialOf(card: DocumentSnapshot, lang: CardLanguage): string {
  return walletPassId(card.id, lang, passClaimOf(card.data()));
}

async function built(
  config: AppleWalletConfig,
  profile: CompanyProfile,
  lang: CardLanguage,
  serial: string,
): Promise<Buffer> {
  const pass = passOf(profile, lang);
  const photo = pass.photoVersion ? await getPhoto(profile.username) : null;
  return applePass(
    { ...pass, serial },
    photo && photo.version === pass.photoVersion ? photo.bytes : null,
    await readSigning(config),
    passService(serial),
  );
}

/** The pass of `profile` (the card as it shows, stored as `card`) in `lang`, recorded as served. */
export async function servedCardPass(
  config: AppleWalletConfig,
  card: DocumentSnapshot,
  profile: CompanyProfile,
  lang: CardLanguage,
): Promise<Buffer> {
  const serial = serialOf(card, lang);
  await recordServedPass(adminDb(), serial, profile.username, lang);
  return built(config, profile, lang, serial);
}

/**
 * The latest pass of `serial`, served before as `served`: voided once it was, or when its card is
 * gone, switched off by its company, or claimed anew (the serial is no longer the card's).
 */
export async function latestPass(
  config: AppleWalletConfig,
  serial: string,
  served: ApplePassDoc,
): Promise<Buffer> {
  const { username, lang } = served;
  const voided = async () =>
    voidedApplePass(serial, lang, await readSigning(config), passService(serial));
  if (served.voided) return voided();
  const [card, { profile, off }] = await Promise.all([
    adminDb().doc(cardPath(username)).get(),
    getCard(username),
  ]);
  if (!profile || off || !card.exists || serialOf(card, lang) !== serial) return voided();
  return built(config, profile, lang, serial);
}
