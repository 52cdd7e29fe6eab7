// Varnish: the project's own VCL (tools/varnish/karta.vcl) answers `PURGE` with a
// `Surrogate-Key: key1 key2` header, from its purgers ACL (loopback) only, with a ban on every
// object whose own Surrogate-Key header holds one of those keys (Fastly's spelling, so one tag
// scheme serves both). PURGE rather than a custom BAN method: HTTP parsers such as Node's
// reject methods they do not know. Bans on obj.* alone are checked on the next lookup of each
// object and cleaned by the ban lurker
// (https://varnish-cache.org/docs/7.1/users-guide/purging.html#bans).
import type { CdnConfig } from '../env';
import { batches } from './batches';
import { sendWithRetry } from './http';

// Varnish refuses a request header line longer than http_req_hdr_len (8 KB by default); the
// longest card tag (a 1500-byte username, percent-encoded) is about 4.5 KB.
const MAX_HEADER_BYTES = 6_000;

export async function purgeVarnish(
  config: Extract<CdnConfig, { provider: 'varnish' }>,
  keys: readonly string[],
  deadline: number,
): Promise<void> {
  for (const batch of batches(keys, { maxCount: Infinity, maxBytes: MAX_HEADER_BYTES })) {
    const response = await sendWithRetry(
      `Varnish purge of ${batch.length} surrogate key(s) (${batch[0]}…) at ${config.purgeUrl}`,
      (signal) =>
        fetch(config.purgeUrl, {
          method: 'PURGE',
          headers: { 'surrogate-key': batch.join(' ') },
          signal,
        }),
      deadline,
    );
    // Read to the end, so the connection goes back to the pool.
    await response.arrayBuffer();
  }
}
