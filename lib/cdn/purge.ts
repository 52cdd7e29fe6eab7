import { env } from '../env';

/** Purges every cached copy of these cards from the configured CDN; nothing without one. */
export async function purgeCards(usernames: string[]): Promise<void> {
  if (!env.cdn || usernames.length === 0) return;
  throw new Error(`CDN purge for ${env.cdn.provider} is not written yet`);
}
