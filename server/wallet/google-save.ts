// The card as a Google Wallet "save" link: https://pay.google.com/gp/v/save/<jwt>, the JWT signed
// RS256 with the issuer's service account key and carrying a generic pass class and object, so that
// no call to Google's API is needed (developers.google.com/wallet/generic/web, "JWT"). Google
// fetches the photo itself from its absolute address when the owner saves the pass.
import 'server-only';
import { readFile } from 'node:fs/promises';
import { SignJWT, importPKCS8 } from 'jose';
import { env } from '../../lib/env';
import type { GoogleWalletConfig } from '../../lib/wallet-env';
import { serviceAccountOf } from '../../lib/wallet-env';
import { PASS_ORGANIZATION, type WalletPass } from '../../lib/wallet-pass';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';
/** The one class every card's object belongs to, under the issuer's id. */
const CLASS_SUFFIX = 'karta-card';

/** Google's ids allow letters, digits, `.`, `_` and `-`: anything else in a name is spelled out. */
function objectId(issuerId: string, serial: string): string {
  const safe = serial.replace(
    /[^A-Za-z0-9._-]/g,
    (char) => `_${char.codePointAt(0)?.toString(16)}_`,
  );
  return `${issuerId}.card-${safe}`;
}

/** The generic class and object of `pass`, as the JWT's payload carries them. */
export function genericPassPayload(pass: WalletPass, issuerId: string) {
  const classId = `${issuerId}.${CLASS_SUFFIX}`;
  const [first, second] = pass.secondary;
  // Google's language tags are BCP 47, as the card's languages are.
  const localized = (value: string) => ({ defaultValue: { language: pass.lang, value } });
  return {
    genericClasses: [{ id: classId }],
    genericObjects: [
      {
        id: objectId(issuerId, pass.serial),
        classId,
        state: 'ACTIVE',
        cardTitle: localized(PASS_ORGANIZATION),
        header: localized(pass.name),
        ...(first ? { subheader: localized(first.value) } : {}),
        hexBackgroundColor: pass.colors.background,
        ...(pass.photoUrl
          ? {
              logo: {
                sourceUri: { uri: pass.photoUrl },
                contentDescription: localized(pass.name),
              },
            }
          : {}),
        barcode: { type: 'QR_CODE', value: pass.barcode, alternateText: '' },
        textModulesData: [...(second ? [second] : []), ...pass.back].map((field) => ({
          id: field.key,
          header: field.label,
          body: field.value,
        })),
      },
    ],
  };
}

/** The save link of `pass`, signed with the configured service account's key. */
export async function googleSaveUrl(pass: WalletPass, config: GoogleWalletConfig): Promise<string> {
  const account = serviceAccountOf(await readFile(config.serviceAccountFile, 'utf8'));
  // The start refused a malformed file (lib/env.ts); one replaced since is the server's failure.
  if ('problem' in account) throw new Error(`${config.serviceAccountFile}: ${account.problem}`);
  const key = await importPKCS8(account.privateKey, 'RS256');
  const jwt = await new SignJWT({
    typ: 'savetowallet',
    origins: [env.siteUrl.origin],
    payload: genericPassPayload(pass, config.issuerId),
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(account.clientEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(key);
  return `${GOOGLE_SAVE_URL}${jwt}`;
}
