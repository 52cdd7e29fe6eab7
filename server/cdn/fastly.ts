// Fastly: purge by surrogate key, as documented
// - API reference, "Purge multiple surrogate key tags" (bulk_purge_tag,
//   https://github.com/fastly/fastly-js/blob/main/docs/PurgeApi.md, Fastly's generated client):
//   `POST {apiUrl}/service/{service_id}/purge`, token in `Fastly-Key`, keys listed in a
//   `Surrogate-Key: key_1 key_2` request header (or a JSON body); up to 256 keys per request.
//   Without `Fastly-Soft-Purge` the purge is hard: the next request must reach the origin, which
//   the caller has already made fresh.
// - Surrogate-Key header
//   (https://www.fastly.com/documentation/reference/http/http-headers/Surrogate-Key): keys are
//   space-separated; one key is at most 1024 bytes and the header at most 16,384 bytes. A
//   longer key is never indexed (Fastly's "VCL constraints and limitations": a purge citing
//   one fails).
// - "Rate limiting" (https://docs.fastly.com/api/): surrogate-key purges are not counted
//   against the hourly limit; over a limit the API answers 429.
import { batches } from './batches';
import { PurgeError, sendBatches, type CdnPurge } from './http';

const MAX_KEYS_PER_REQUEST = 256;
const MAX_KEY_BYTES = 1024;
const MAX_HEADER_BYTES = 16_384;

export const purgeFastly: CdnPurge<'fastly'> = async (config, keys, deadline) => {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/service/${encodeURIComponent(config.serviceId)}/purge`;
  const tooLong = keys.filter((key) => Buffer.byteLength(key) > MAX_KEY_BYTES);
  const purgeable = keys.filter((key) => Buffer.byteLength(key) <= MAX_KEY_BYTES);
  await sendBatches(
    batches(purgeable, { maxCount: MAX_KEYS_PER_REQUEST, maxBytes: MAX_HEADER_BYTES }),
    (batch) => ({
      what: `Fastly purge of ${batch.length} surrogate key(s) (${batch[0]}…)`,
      url,
      method: 'POST',
      headers: {
        'fastly-key': config.apiToken,
        'surrogate-key': batch.join(' '),
        accept: 'application/json',
      },
    }),
    deadline,
  );
  // The others are purged first: one unusable key must not keep every other card stale.
  if (tooLong.length > 0) {
    throw new PurgeError(
      `Fastly cannot purge ${tooLong.length} surrogate key(s) longer than ${MAX_KEY_BYTES} bytes ` +
        `(${tooLong[0].slice(0, 40)}…); Fastly never indexed them either.`,
    );
  }
};
