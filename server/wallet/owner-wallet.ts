// The owner's side of the wallets: their card's links (for the console) and its pass (for a signed
// link). Both from the card as stored now (getCard reads Firestore, never the ISR cache), a member
// card with its company's locked values.
import 'server-only';
import { OWNER_FIELD, cardPath } from '../../lib/collections';
import type { CompanyProfile } from '../../lib/company';
import { env } from '../../lib/env';
import { PASS_ANSWERS, PassRefused, type PassRefusal } from '../../lib/pass-refusal';
import type { CardLanguage } from '../../lib/routes';
import { adminDb } from '../firebase/admin-app';
import { assertOwns, type Owner } from '../owner/auth';
import { OwnerError } from '../owner/respond';
import { getCard } from '../profile-store';
import { servedCardPass } from './apple-card-pass';
import { passLinkLanguage, passLinkValid } from './pass-link';
import { walletLinks, type WalletLinks } from './wallet-links';

/** The card as it shows, or why there is none to show: none, or switched off by its company. */
async function shownCard(
  username: string,
): Promise<CompanyProfile | Extract<PassRefusal, 'no-card' | 'card-off'>> {
  const { profile, off } = await getCard(username);
  if (off) return 'card-off';
  return profile ?? 'no-card';
}

/** The owner's wallet links for their card in `lang`: 403 for another's card, 404 without one. */
export async function ownerWalletLinks(
  owner: Owner,
  username: string,
  lang: CardLanguage,
): Promise<WalletLinks> {
  assertOwns(await adminDb().doc(cardPath(username)).get(), owner);
  const shown = await shownCard(username);
  // The console is told in JSON what the pass's link would answer: the same status.
  if (typeof shown === 'string') throw new OwnerError(PASS_ANSWERS[shown].status, { error: shown });
  return walletLinks(shown, owner.uid, lang);
}

/**
 * The .pkpass that a signed link (pass-link.ts) asks for, in the link's language, or the
 * PassRefused of lib/pass-refusal.ts: no Apple Wallet configuration, no card, a card switched off,
 * or a link that is not this card's owner's or has expired.
 */
export async function passForLink(url: URL, username: string): Promise<Buffer> {
  const config = env.appleWallet;
  if (!config) throw new PassRefused('no-wallet');
  const card = await adminDb().doc(cardPath(username)).get();
  const ownerUid: unknown = card.get(OWNER_FIELD);
  const lang = passLinkLanguage(url);
  if (
    typeof ownerUid !== 'string' ||
    lang === null ||
    !(await passLinkValid(config, url, username, ownerUid))
  ) {
    throw new PassRefused('link');
  }
  const shown = await shownCard(username);
  if (typeof shown === 'string') throw new PassRefused(shown);
  return servedCardPass(config, card, shown, lang);
}
