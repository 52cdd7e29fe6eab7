// The contract of POST /api/revalidate, kept apart from Next so it is tested as plain logic.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isValidUsername } from '../../lib/username';

export const REVALIDATE_PATH = '/api/revalidate';
export const MAX_USERNAMES = 100;

/**
 * What a POST asks for: cards by username, or every card of a company (its id: after a template
 * save). `recheck` marks the second pass a revalidation sends itself once every render begun
 * before its mark has been stored (server/revalidation/recheck-later.ts); a recheck schedules
 * none of its own.
 */
export type RevalidateBody = ({ usernames: string[] } | { companyId: string }) & {
  recheck?: boolean;
};

export type RevalidateCheck =
  | { ok: true; usernames: string[]; recheck: boolean }
  | { ok: true; companyId: string; recheck: boolean }
  | { ok: false; status: 400; error: string };

/** A Firestore document id as karta's companies have them (auto ids, the demo's `studio-fos`). */
const COMPANY_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Constant time whatever the lengths: both sides are hashed to the same size first. */
export function secretMatches(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Why the request may not revalidate, or null when it may. */
export function checkAuthorization(
  header: string | null,
  secret: string | undefined,
): { status: 401 | 503; error: string } | null {
  if (!secret) return { status: 503, error: 'On-demand revalidation is not configured.' };
  const match = /^Bearer (.+)$/.exec(header ?? '');
  if (!match || !secretMatches(match[1], secret)) {
    return { status: 401, error: 'Missing or wrong bearer token.' };
  }
  return null;
}

export function parseRevalidateBody(body: unknown): RevalidateCheck {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return {
      ok: false,
      status: 400,
      error: 'Expected a JSON object with "username", "usernames" or "companyId".',
    };
  }
  const { username, usernames, companyId, recheck } = body as {
    username?: unknown;
    usernames?: unknown;
    companyId?: unknown;
    recheck?: unknown;
  };
  if (recheck !== undefined && typeof recheck !== 'boolean') {
    return { ok: false, status: 400, error: '"recheck" must be true or false.' };
  }
  if (companyId !== undefined) {
    if (username !== undefined || usernames !== undefined) {
      return { ok: false, status: 400, error: 'Give "companyId" alone, without usernames.' };
    }
    if (typeof companyId !== 'string' || !COMPANY_ID.test(companyId)) {
      return { ok: false, status: 400, error: '"companyId" is not a company id.' };
    }
    return { ok: true, companyId, recheck: recheck === true };
  }
  let list: unknown[];
  if (username !== undefined && usernames === undefined) list = [username];
  else if (usernames !== undefined && username === undefined && Array.isArray(usernames))
    list = usernames;
  else {
    return { ok: false, status: 400, error: 'Give either "username" or a "usernames" array.' };
  }
  if (list.length === 0) return { ok: false, status: 400, error: '"usernames" is empty.' };
  if (list.length > MAX_USERNAMES) {
    return { ok: false, status: 400, error: `At most ${MAX_USERNAMES} usernames per request.` };
  }
  const invalid = list.findIndex((u) => typeof u !== 'string' || !isValidUsername(u));
  if (invalid !== -1) {
    return { ok: false, status: 400, error: `Invalid username at position ${invalid}.` };
  }
  return { ok: true, usernames: [...new Set(list as string[])], recheck: recheck === true };
}
