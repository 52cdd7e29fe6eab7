// The owner's side of the wallets: their card's links (for the console) and its pass (for a signed
// link). Both from the card as stored now (getCard reads Firestore, never the ISR cache), a member
// card with its company's locked values.
import 'server-only';
import { OWNER_FIELD, cardPath } from '../../lib/collections';
import { env } from '../../lib/env';
import type { CardLanguage } from '../../lib/routes';
import { adminDb } from '../firebase/admin-app';
import { assertOwns, type Owner } from '../owner/auth';
import { OwnerError } from '../owner/respond';
import { getPhoto } from '../image-store';
import { getCard } from '../profile-store';
import { applePass, readSigning } from './apple-pass';
import { passLinkLanguage, passLinkValid } from './pass-link';
import { passOf, walletLinks, type WalletLinks } from './wallet-links';

/** The card as it shows, or a 404 (none) or 410 (switched off by its company). */
async function shownCard(username: string) {
  const { profile, off } = await getCard(username);
  if (off) throw new OwnerError(410, { error: 'card-off' });
  if (!profile) throw new OwnerError(404, { error: 'no-card' });
  return profile;
}

/** The owner's wallet links for their card in `lang`: 403 for another's card, 404 without one. */
export async function ownerWalletLinks(
  owner: Owner,
  username: string,
  lang: CardLanguage,
): Promise<WalletLinks> {
  assertOwns(await adminDb().doc(cardPath(username)).get(), owner);
  return walletLinks(await shownCard(username), owner.uid, lang);
}

/**
 * The .pkpass that a signed link (pass-link.ts) asks for, in the link's language: 404 without Apple Wallet's configuration
 * or a card, 403 for a link that is not this card's owner's or has expired.
 */
export async function passForLink(url: URL, username: string): Promise<Buffer> {
  const config = env.appleWallet;
  if (!config) throw new OwnerError(404, { error: 'no-wallet' });
  const ownerUid: unknown = (await adminDb().doc(cardPath(username)).get()).get(OWNER_FIELD);
  const lang = passLinkLanguage(url);
  if (
    typeof ownerUid !== 'string' ||
    lang === null ||
    !(await passLinkValid(config, url, username, ownerUid))
  ) {
    throw new OwnerError(403, { error: 'link' });
  }
  const pass = passOf(await shownCard(username), lang);
  const photo = pass.photoVersion ? await getPhoto(username) : null;
  return applePass(
    pass,
    photo && photo.version === pass.photoVersion ? photo.bytes : null,
    await readSigning(config),
  );
}
