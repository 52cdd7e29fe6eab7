import { env } from '@/lib/env';
import { revalidateCards } from '@/server/revalidation/revalidate-cards';
import { checkAuthorization, parseRevalidateBody } from '@/server/revalidation/request';

// Called by the change watcher (npm run watch), a Cloud Function, or `npm run revalidate`.
export const dynamic = 'force-dynamic';

const RETRY_AFTER_S = 5;

function answer(status: number, body: Record<string, unknown>, headers: HeadersInit = {}) {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

export async function POST(request: Request) {
  const denied = checkAuthorization(request.headers.get('authorization'), env.revalidateSecret);
  if (denied) return answer(denied.status, { error: denied.error });

  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return answer(400, { error: 'The body is not valid JSON.' });
  }
  const parsed = parseRevalidateBody(body);
  if (!parsed.ok) return answer(parsed.status, { error: parsed.error });

  const { revalidated, pending, current, unpurged } = await revalidateCards(parsed.usernames, {
    recheck: parsed.recheck,
  });
  const retry = { 'retry-after': String(RETRY_AFTER_S) };
  if (pending.length > 0) {
    // The watcher and the other callers retry on 503; the cards keep their last good content.
    return answer(
      503,
      {
        error: 'Firestore did not answer; those cards are unchanged. Try again.',
        revalidated,
        pending,
      },
      retry,
    );
  }
  if (parsed.recheck && current.length < parsed.usernames.length) {
    // A recheck answers 200 only when the CDN has dropped every card since the origin served it
    // as Firestore holds it: the watcher keeps an erasure's tombstone until then.
    return answer(
      503,
      {
        error: 'Not every card has left the CDN yet (redone, or its purge retried). Ask again.',
        revalidated,
        current,
        unpurged,
      },
      retry,
    );
  }
  return answer(200, { revalidated, ...(parsed.recheck ? { current } : {}) });
}

function notAllowed() {
  return answer(405, { error: 'Use POST.' }, { allow: 'POST' });
}

export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
