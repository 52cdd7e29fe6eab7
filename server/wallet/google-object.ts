// The card's Google Wallet pass as Google keeps it: a generic object of karta's one generic class.
// The save link's JWT carries it (google-save.ts) and the daemon PATCHes it when the card changes
// (daemon/deliveries/google-channel.ts): one builder for both, so a saved pass and its updates
// show the same. No 'server-only': the daemon runs it outside Next.
import type { CardLanguage } from '../../lib/routes';
import { PASS_ORGANIZATION, type WalletPass } from '../../lib/wallet-pass';

/** The one class every card's object belongs to, under the issuer's id. */
const CLASS_SUFFIX = 'karta-card';

export const googleClassId = (issuerId: string) => `${issuerId}.${CLASS_SUFFIX}`;

/** Google's object id: the issuer's number, a dot, and the pass's id (lib/wallet-pass-id.ts). */
export const googleObjectId = (issuerId: string, passId: string) => `${issuerId}.${passId}`;

// Google's language tags are BCP 47, as the card's languages are.
const localized = (lang: CardLanguage, value: string) => ({
  defaultValue: { language: lang, value },
});

/** The generic object of `pass`, whose id is `passId`: an active pass showing the card. */
export function genericObject(pass: WalletPass, issuerId: string, passId: string) {
  const [first, second] = pass.secondary;
  return {
    id: googleObjectId(issuerId, passId),
    classId: googleClassId(issuerId),
    state: 'ACTIVE',
    cardTitle: localized(pass.lang, PASS_ORGANIZATION),
    header: localized(pass.lang, pass.name),
    ...(first ? { subheader: localized(pass.lang, first.value) } : {}),
    hexBackgroundColor: pass.colors.background,
    ...(pass.photoUrl
      ? {
          logo: {
            sourceUri: { uri: pass.photoUrl },
            contentDescription: localized(pass.lang, pass.name),
          },
        }
      : {}),
    barcode: { type: 'QR_CODE', value: pass.barcode, alternateText: '' },
    textModulesData: [...(second ? [second] : []), ...pass.back].map((field) => ({
      id: field.key,
      header: field.label,
      body: field.value,
    })),
  };
}

/**
 * The body of the PATCH that brings a saved object to `pass`. A PATCH leaves the fields it omits
 * as they were, so a job title or photo the card no longer has is sent as null, which clears it.
 */
export function genericObjectPatch(pass: WalletPass, issuerId: string, passId: string) {
  return { subheader: null, logo: null, ...genericObject(pass, issuerId, passId) };
}

/**
 * The body of the PATCH that voids an object: INACTIVE (Wallet shows it among expired passes), and
 * the card's words, photo and address taken off it, so that a pass of a card erased or removed
 * carries none of its former owner's data. Nothing of the card is read to build it.
 */
export function voidedObjectPatch(issuerId: string, objectId: string, lang: CardLanguage) {
  return {
    id: objectId,
    classId: googleClassId(issuerId),
    state: 'INACTIVE',
    header: localized(lang, PASS_ORGANIZATION),
    subheader: null,
    logo: null,
    barcode: null,
    textModulesData: [],
  };
}
