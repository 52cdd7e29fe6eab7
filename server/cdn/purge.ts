// After the origin is fresh, the revalidation path calls purgeCards() so the CDN in front drops
// its copies too: every response of a card carries the card's one tag (tags.ts), and each
// provider's adapter purges by it.
import { env } from '../../lib/env';
import { cardTag } from '../../lib/routes';
import { purgeCloudflare } from './cloudflare';
import { purgeFastly } from './fastly';
import { purgeVarnish } from './varnish';

/** One purge never holds up its caller longer than this, retries and batches included. */
const PURGE_BUDGET_MS = 10_000;

/**
 * Purges every cached copy of these cards (page, vCard, QR code) from the configured CDN;
 * nothing without one. Resolves once the CDN has accepted every purge; rejects with a
 * PurgeError naming the CDN and the reason otherwise.
 */
export function purgeCards(usernames: string[]): Promise<void> {
  return purgeTags(usernames.map(cardTag));
}

/**
 * Purges every cached answer that carries one of these tags (tags.ts), as purgeCards does: e.g.
 * one companyTag() for every member card of a company.
 */
export async function purgeTags(keys: string[]): Promise<void> {
  const cdn = env.cdn;
  if (!cdn || keys.length === 0) return;
  const tags = [...new Set(keys)];
  const deadline = Date.now() + PURGE_BUDGET_MS;
  switch (cdn.provider) {
    case 'varnish':
      return purgeVarnish(cdn, tags, deadline);
    case 'cloudflare':
      return purgeCloudflare(cdn, tags, deadline);
    case 'fastly':
      return purgeFastly(cdn, tags, deadline);
  }
}
