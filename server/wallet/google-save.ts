// The card as a Google Wallet "save" link: https://pay.google.com/gp/v/save/<jwt>, the JWT signed
// RS256 with the issuer's service account key and carrying a generic pass class and object, so that
// no call to Google's API is needed (developers.google.com/wallet/generic/web, "JWT"). Google
// fetches the photo itself from its absolute address when the owner saves the pass. The object's
// id is the pass's id for the card's current claim (lib/wallet-pass-id.ts), recorded before the
// link is given, so that the daemon can keep the saved pass current (google-object-store.ts).
import 'server-only';
import { SignJWT } from 'jose';
import { cardPath } from '../../lib/collections';
import { env } from '../../lib/env';
import type { CardLanguage } from '../../lib/routes';
import type { GoogleWalletConfig } from '../../lib/wallet-env';
import type { WalletPass } from '../../lib/wallet-pass';
import { passClaimOf, walletPassId } from '../../lib/wallet-pass-id';
import { adminDb } from '../firebase/admin-app';
import { readServiceAccount } from './google-account';
import { genericObject, googleClassId, googleObjectId } from './google-object';
import { recordGoogleObject } from './google-object-store';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

/** The generic class and object of `pass`, whose id is `passId`, as the JWT's payload carries them. */
export function genericPassPayload(pass: WalletPass, issuerId: string, passId: string) {
  return {
    genericClasses: [{ id: googleClassId(issuerId) }],
    genericObjects: [genericObject(pass, issuerId, passId)],
  };
}

/** The save link of `pass`, whose id is `passId`, signed with the configured service account's key. */
export async function googleSaveUrl(
  pass: WalletPass,
  passId: string,
  config: GoogleWalletConfig,
): Promise<string> {
  const account = await readServiceAccount(config);
  const jwt = await new SignJWT({
    typ: 'savetowallet',
    origins: [env.siteUrl.origin],
    payload: genericPassPayload(pass, config.issuerId, passId),
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(account.clientEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(account.key);
  return `${GOOGLE_SAVE_URL}${jwt}`;
}

/**
 * The save link of `pass`, `username`'s card in `lang` as it shows now, under the card's current
 * claim; its object is recorded first, so that no saved pass escapes the updates.
 */
export async function googleSaveLink(
  pass: WalletPass,
  username: string,
  lang: CardLanguage,
  config: GoogleWalletConfig,
): Promise<string> {
  const db = adminDb();
  const claim = passClaimOf((await db.doc(cardPath(username)).get()).data());
  const passId = walletPassId(username, lang, claim);
  await recordGoogleObject(db, googleObjectId(config.issuerId, passId), username, lang);
  return googleSaveUrl(pass, passId, config);
}
