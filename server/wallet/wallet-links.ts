// The card's wallet links as its owner gets them, in the console and in the welcome mail: the
// Apple pass's signed download link and Google's save link, each only where it is configured.
import 'server-only';
import { cardInLanguage } from '../../lib/card-language';
import { cardSummary } from '../../lib/card-summary';
import type { CompanyProfile } from '../../lib/company';
import { env } from '../../lib/env';
import { DEFAULT_LANGUAGE, type CardLanguage } from '../../lib/routes';
import { walletPass, type WalletLinks } from '../../lib/wallet-pass';
import { googleSaveUrl } from './google-save';
import { passLink } from './pass-link';

export type { WalletLinks };

/** The pass of `profile`, the card as stored (with its English fields), in `lang`. */
export function passOf(profile: CompanyProfile, lang: CardLanguage) {
  return walletPass(cardSummary(cardInLanguage(profile, lang), lang));
}

/** The links of `profile`, the card as it shows now, in `lang`, for its owner `ownerUid`. */
export async function walletLinks(
  profile: CompanyProfile,
  ownerUid: string,
  lang: CardLanguage = DEFAULT_LANGUAGE,
): Promise<WalletLinks> {
  const apple = env.appleWallet;
  const google = env.googleWallet;
  const [appleLink, googleLink] = await Promise.all([
    apple ? passLink(apple, profile.username, ownerUid, Date.now(), lang) : undefined,
    google ? googleSaveUrl(passOf(profile, lang), google) : undefined,
  ]);
  return {
    ...(appleLink ? { apple: appleLink } : {}),
    ...(googleLink ? { google: googleLink } : {}),
  };
}
