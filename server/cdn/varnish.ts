// Varnish: the project's own VCL (tools/varnish/karta.vcl) answers `PURGE` with a
// `Surrogate-Key: key1 key2` header, from its purgers ACL (loopback) only, with a ban on every
// object whose own Surrogate-Key header holds one of those keys (Fastly's spelling, so one tag
// scheme serves both). PURGE rather than a custom BAN method: HTTP parsers such as Node's
// reject methods they do not know. Bans on obj.* alone are checked on the next lookup of each
// object and cleaned by the ban lurker
// (https://varnish-cache.org/docs/7.1/users-guide/purging.html#bans).
import { batches } from './batches';
import { sendBatches, type CdnPurge } from './http';

// Varnish refuses a request header line longer than http_req_hdr_len (8 KB by default); the
// longest card tag (a 1500-byte username, percent-encoded) is about 4.5 KB.
const MAX_HEADER_BYTES = 6_000;

export const purgeVarnish: CdnPurge<'varnish'> = (config, keys, deadline) =>
  sendBatches(
    batches(keys, { maxCount: Infinity, maxBytes: MAX_HEADER_BYTES }),
    (batch) => ({
      what: `Varnish purge of ${batch.length} surrogate key(s) (${batch[0]}…) at ${config.purgeUrl}`,
      url: config.purgeUrl,
      method: 'PURGE',
      headers: { 'surrogate-key': batch.join(' ') },
    }),
    deadline,
  );
