// The card's wallet links as its owner gets them, in the console and in the welcome mail: the
// Apple pass's signed download link and Google's save link, each only where it is configured.
import 'server-only';
import { cardSummary } from '../../lib/card-summary';
import type { CompanyProfile } from '../../lib/company';
import { env } from '../../lib/env';
import { walletPass, type WalletLinks } from '../../lib/wallet-pass';
import { googleSaveUrl } from './google-save';
import { passLink } from './pass-link';

export type { WalletLinks };

/** The links of `profile`, the card as it shows now, for its owner `ownerUid`. */
export async function walletLinks(profile: CompanyProfile, ownerUid: string): Promise<WalletLinks> {
  const apple = env.appleWallet;
  const google = env.googleWallet;
  const [appleLink, googleLink] = await Promise.all([
    apple ? passLink(apple, profile.username, ownerUid) : undefined,
    google ? googleSaveUrl(walletPass(cardSummary(profile)), google) : undefined,
  ]);
  return {
    ...(appleLink ? { apple: appleLink } : {}),
    ...(googleLink ? { google: googleLink } : {}),
  };
}
