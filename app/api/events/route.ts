import { after } from 'next/server';
import { parseBeacon } from '@/server/stats/beacon';
import { readCappedText } from '@/server/request-body';
import { MAX_BEACON_BYTES } from '@/lib/stats/events';
import { recordBeacon, statsService, type BeaconOutcome } from '@/server/stats/service';

// The card script's beacons (EVENTS_PATH, docs/visitors.md). Never cached: every answer is no-store.
export const dynamic = 'force-dynamic';

function answer(status: number, headers: HeadersInit = {}) {
  return new Response(null, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

export async function POST(request: Request) {
  const body = await readCappedText(request, MAX_BEACON_BYTES);
  if (!body.ok) return answer(413);
  const beacon = parseBeacon(body.text);
  if (!beacon) return answer(400);
  let outcome: BeaconOutcome;
  try {
    outcome = await recordBeacon(beacon, request.headers);
  } catch {
    // The store did not answer (Redis down); it has logged the outage once.
    return answer(503);
  }
  // Over the limit, or without the card's key, is answered like a count (204): a browser reports
  // every other status of a beacon in the visitor's console, and the page's own script did nothing
  // wrong (a card's HTML cached from before its key, or before REVALIDATE_SECRET changed, has none
  // or another). A key of the wrong shape was refused above with 400, as malformed.
  // A graceful stop of the server awaits this: the counts are written before it exits.
  if (outcome === 'counted') after(() => statsService().flusher.whenFlushed());
  return answer(204);
}

function notAllowed() {
  return answer(405, { allow: 'POST' });
}

export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
