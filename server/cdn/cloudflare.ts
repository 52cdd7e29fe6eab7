// Cloudflare: purge by cache tag, as documented
// - API reference, "Purge Cached Content"
//   (https://developers.cloudflare.com/api/go/resources/cache/methods/purge):
//   `POST {apiUrl}/zones/{zone_id}/purge_cache`, `Authorization: Bearer <API token>`, JSON body
//   `{"tags": ["tag1", "tag2"]}`; the answer is `{"success": true|false, "errors": [...], ...}`.
// - "Purge cache" (https://developers.cloudflare.com/cache/how-to/purge-cache/): purge by tag is
//   on every plan, max 100 operations (tags) per request; a token-bucket rate limit per account
//   (Free 5 requests/min, Pro 5/s, Business 10/s, Enterprise 50/s).
// - "Purge cache by cache-tags"
//   (https://developers.cloudflare.com/cache/how-to/purge-cache/purge-by-tags/): the origin
//   sends `Cache-Tag: tag1,tag2` (no length limit per tag, 16 KB per header; Cloudflare strips
//   it before the visitor); tags are case-insensitive.
// - "Introducing new headers for rate limiting on Cloudflare's API"
//   (https://developers.cloudflare.com/changelog/2025-09-03-rate-limiting-improvement): a 429
//   from the REST API carries `Retry-After`, in seconds.
import { batches } from './batches';
import { PurgeError, sendBatches, type CdnPurge } from './http';

const MAX_TAGS_PER_REQUEST = 100;

interface CloudflareAnswer {
  success?: unknown;
  errors?: Array<{ code?: unknown; message?: unknown }>;
}

export const purgeCloudflare: CdnPurge<'cloudflare'> = (config, tags, deadline) => {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/zones/${encodeURIComponent(config.zoneId)}/purge_cache`;
  return sendBatches(
    batches(tags, { maxCount: MAX_TAGS_PER_REQUEST }),
    (batch) => ({
      what: `Cloudflare purge of ${batch.length} tag(s) (${batch[0]}…)`,
      url,
      method: 'POST',
      headers: { authorization: `Bearer ${config.apiToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tags: batch }),
    }),
    deadline,
    checkAnswer,
  );
};

// A 200 can still say success: false; only success: true means the purge was accepted.
async function checkAnswer(response: Response, what: string): Promise<void> {
  const answer = (await response.json().catch(() => ({}))) as CloudflareAnswer;
  if (answer.success !== true) {
    const reasons = (answer.errors ?? []).map((e) => `${e.code}: ${e.message}`).join('; ');
    throw new PurgeError(`${what} was not accepted (${reasons || 'no success in the answer'}).`);
  }
}
