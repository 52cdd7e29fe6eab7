// The card's inline script, built as `npm run build` builds it (tools/card-assets/build.ts), stays
// within its budget: it is in every card's HTML, before the photo's first byte on a slow network.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { CardAssets } from '@/lib/card-assets';
import { buildCardAssets } from '@/tools/card-assets/build';

/**
 * Without counting its events the script was 8,746 bytes, 3,021 gzip. Counting may add
 * about 1 KiB at most, raw or gzip (docs/visitors.md).
 */
const BEFORE = { raw: 8746, gzip: 3021 };
const COUNTING_BUDGET = 1024;
/**
 * The exchange sheet's plain form (shown on the tap, handed over to the sheet): 1,559 bytes raw,
 * 678 gzip when it came; no more than this.
 */
const PLAIN_FORM_BUDGET = { raw: 1600, gzip: 700 };

test("the card's inline script is within its budget, raw and gzip", async () => {
  const manifest = await buildCardAssets({
    ...process.env,
    NEXT_PUBLIC_SITE_URL: 'https://karta.example',
  });
  const { enhance } = JSON.parse(readFileSync(manifest, 'utf8')) as CardAssets;
  // The counting is in it (a build that dropped it would pass the budget by accident).
  expect(enhance).toContain('/api/events');
  expect(enhance).toContain('sendBeacon');
  const size = { raw: Buffer.byteLength(enhance), gzip: gzipSync(enhance).length };
  expect(size.raw).toBeLessThanOrEqual(BEFORE.raw + COUNTING_BUDGET + PLAIN_FORM_BUDGET.raw);
  expect(size.gzip).toBeLessThanOrEqual(BEFORE.gzip + COUNTING_BUDGET + PLAIN_FORM_BUDGET.gzip);
}, 30_000);
