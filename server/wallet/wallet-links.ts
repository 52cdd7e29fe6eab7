// The card's wallet links as its owner gets them, in the console and in the welcome mail: the
// Apple pass's signed download link and Google's save link, each only where it is configured.
import 'server-only';
import type { CompanyProfile } from '../../lib/company';
import { env } from '../../lib/env';
import { DEFAULT_LANGUAGE, type CardLanguage } from '../../lib/routes';
import type { WalletLinks } from '../../lib/wallet-pass';
import { passOf } from './card-pass';
import { googleSaveLink } from './google-save';
import { passLink } from './pass-link';

export type { WalletLinks };

export { passOf };

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
    google ? googleSaveLink(passOf(profile, lang), profile.username, lang, google) : undefined,
  ]);
  return {
    ...(appleLink ? { apple: appleLink } : {}),
    ...(googleLink ? { google: googleLink } : {}),
  };
}
