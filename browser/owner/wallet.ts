// The card's wallet links, which only the server can sign (server/wallet/wallet-links.ts).
import { DEFAULT_LANGUAGE, type CardLanguage } from '../../lib/routes';
import type { WalletLinks } from '../../lib/wallet-pass';
import { cardEndpoint } from './card';
import { ownerJson } from './owner-api';

/** The links of the card's pass in `lang`. */
export function fetchWalletLinks(
  username: string,
  lang: CardLanguage = DEFAULT_LANGUAGE,
): Promise<WalletLinks> {
  const query = lang === DEFAULT_LANGUAGE ? '' : `?lang=${lang}`;
  return ownerJson<WalletLinks>(`${cardEndpoint(username)}/wallet${query}`, { method: 'GET' });
}
