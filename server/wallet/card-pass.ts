// A card's wallet pass in one of its languages, built from the card as it shows: for the server
// (the links, Apple's pass) and for the daemon (Google's PATCH), so both wallets and every update
// show the same. No 'server-only': the daemon runs it outside Next.
import { cardInLanguage } from '../../lib/card-language';
import { cardSummary } from '../../lib/card-summary';
import type { CompanyProfile } from '../../lib/company';
import type { CardLanguage } from '../../lib/routes';
import { walletPass, type WalletPass } from '../../lib/wallet-pass';

/** The pass of `profile`, the card as stored (with its English fields), in `lang`. */
export function passOf(profile: CompanyProfile, lang: CardLanguage): WalletPass {
  return walletPass(cardSummary(cardInLanguage(profile, lang), lang));
}
