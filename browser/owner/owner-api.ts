// The console's writes go to karta's own endpoints (app/api/owner/), which verify the owner's
// Firebase ID token, validate and write with firebase-admin; the rules let no browser write there.
import { endRevokedSession } from './auth';
import { ownerAuth } from './firebase';

/**
 * An endpoint's refusal: its status, its code (or, for a 400, the Greek message) and field, and
 * the Greek the server gave beside a code (`shown`: an invitation ceiling's 429 says which).
 */
export class OwnerRequestError extends Error {
  override name = 'OwnerRequestError';
  constructor(
    readonly status: number,
    readonly error: string,
    readonly field?: string,
    readonly shown?: string,
  ) {
    super(`HTTP ${status}: ${error}${field ? ` (${field})` : ''}`);
  }
}

/** The signed-in account, which must be the one the console acts for. */
export function signedInAs(uid?: string) {
  const user = ownerAuth().currentUser;
  if (!user || (uid !== undefined && user.uid !== uid)) {
    throw new OwnerRequestError(401, 'unauthenticated');
  }
  return user;
}

export interface OwnerRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart form data. */
  form?: FormData;
  /** Sent as it is, with its content type (a CSV file: `text/csv`). */
  body?: { data: Blob | string; type: string };
}

function contentType(request: OwnerRequest): Record<string, string> {
  if (request.body) return { 'content-type': request.body.type };
  if (request.json !== undefined) return { 'content-type': 'application/json' };
  return {};
}

async function refusal(res: Response): Promise<OwnerRequestError> {
  const body = (await res.json().catch(() => null)) as {
    error?: unknown;
    field?: unknown;
    message?: unknown;
  } | null;
  return new OwnerRequestError(
    res.status,
    typeof body?.error === 'string' ? body.error : 'failed',
    typeof body?.field === 'string' ? body.field : undefined,
    typeof body?.message === 'string' ? body.message : undefined,
  );
}

/**
 * Sends the request with the owner's ID token. A token the server finds expired (the SDK
 * refreshes it shortly before its hour is up; a clock off by more fools it) is refreshed once. A
 * token it finds revoked (the password changed elsewhere, the account disabled) ends this
 * browser's session: the console goes back to its sign-in screen, which asks to sign in again.
 */
async function ownerFetch(path: string, request: OwnerRequest): Promise<Response> {
  const user = signedInAs();
  const send = async (forceRefresh: boolean) =>
    fetch(path, {
      method: request.method,
      headers: {
        authorization: `Bearer ${await user.getIdToken(forceRefresh)}`,
        ...contentType(request),
      },
      body:
        request.body?.data ??
        request.form ??
        (request.json !== undefined ? JSON.stringify(request.json) : undefined),
      cache: 'no-store',
    });
  let res = await send(false);
  let refused = res.ok ? undefined : await refusal(res);
  if (refused?.status === 401 && refused.error !== 'revoked') {
    res = await send(true);
    refused = res.ok ? undefined : await refusal(res);
  }
  if (refused) {
    if (refused.status === 401 && refused.error === 'revoked') await endRevokedSession(user);
    throw refused;
  }
  return res;
}

/** ownerFetch for an answer with nothing to read. */
export async function ownerRequest(path: string, request: OwnerRequest): Promise<void> {
  const res = await ownerFetch(path, request);
  // An answer whose body is never read is cancelled when it is collected: the browser then
  // reports the request as failed (net::ERR_ABORTED), which it was not.
  await res.arrayBuffer();
}

/** ownerFetch for a JSON answer: its body, which the caller's type describes. */
export async function ownerJson<T>(path: string, request: OwnerRequest): Promise<T> {
  return (await (await ownerFetch(path, request)).json()) as T;
}

/** ownerFetch for a file: its bytes and type, as the server sent them. */
export async function ownerFile(path: string): Promise<Blob> {
  return (await ownerFetch(path, { method: 'GET' })).blob();
}
