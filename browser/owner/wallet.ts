// The card's wallet links, which only the server can sign (server/wallet/wallet-links.ts).
import type { WalletLinks } from '../../lib/wallet-pass';
import { cardEndpoint } from './card';
import { ownerJson } from './owner-api';

export function fetchWalletLinks(username: string): Promise<WalletLinks> {
  return ownerJson<WalletLinks>(`${cardEndpoint(username)}/wallet`, { method: 'GET' });
}
