// The visitor's address, used for the rate limit only, in memory, and never stored or logged.
//
// Behind a CDN or nginx, the address is in X-Forwarded-For. The entries at its left were written
// by whoever sent the request, the visitor included, so a client could pick a new one for every
// beacon and never reach its limit; each proxy appends the address it was called from, so the
// entry `hops` from the right (1: the one the last proxy added) is the one nobody in front of it
// can forge. Varnish and nginx (`$proxy_add_x_forwarded_for`) append. With no proxy (0), the
// header is the client's own and is never read: the address is the socket's (socket-address.ts).
import { socketAddress } from './socket-address';

/** STATS_PROXY_HOPS: how many proxies in front of the origin append to X-Forwarded-For. */
export function clientAddress(headers: Headers, hops: number): string | null {
  if (hops === 0) return socketAddress(headers);
  const forwarded = headers.get('x-forwarded-for');
  if (!forwarded) return null;
  const entries = forwarded
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  return entries[Math.max(0, entries.length - hops)];
}
