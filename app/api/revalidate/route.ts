import { env } from '@/lib/env';
import { ProfileReadError } from '@/server/profile-store';
import { revalidateCards, type Revalidation } from '@/server/revalidation/revalidate-cards';
import { fanOutCompany, recheckCompany } from '@/server/revalidation/company-fan-out';
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

  if ('companyId' in parsed) {
    if (parsed.recheck) {
      try {
        return settled(await recheckCompany(parsed.companyId), true);
      } catch (error) {
        return firestoreDown(error);
      }
    }
    try {
      await fanOutCompany(parsed.companyId);
    } catch (error) {
      return firestoreDown(error);
    }
    return answer(200, { companyId: parsed.companyId });
  }
  return settled(
    await revalidateCards(parsed.usernames, { recheck: parsed.recheck }),
    parsed.recheck,
  );
}

/** A company's cards could not be listed: nothing was marked; the caller tries again. */
function firestoreDown(error: unknown): Response {
  if (!(error instanceof ProfileReadError)) throw error;
  return answer(
    503,
    { error: 'Firestore did not answer; those cards are unchanged. Try again.' },
    { 'retry-after': String(RETRY_AFTER_S) },
  );
}

function settled(
  { revalidated, pending, current, unpurged }: Revalidation,
  recheck: boolean,
): Response {
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
  if (recheck && current.length < revalidated.length + current.length + unpurged.length) {
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
  return answer(200, { revalidated, ...(recheck ? { current } : {}) });
}

function notAllowed() {
  return answer(405, { error: 'Use POST.' }, { allow: 'POST' });
}

export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
