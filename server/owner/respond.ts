// How the owner's endpoints answer: JSON, never cached; a refusal is an OwnerError thrown anywhere
// below the route and turned into its answer here.
import 'server-only';
import { parseUsername } from '../../lib/username';

export interface OwnerErrorBody {
  /** A code (unauthenticated, revoked, unverified, taken, too-many, …); for a 400, the Greek message. */
  error: string;
  /** For a 400: the field, or the part of the request, that is wrong. */
  field?: string;
  /** Beside a code, what the console shows of it, in Greek. */
  message?: string;
}

export class OwnerError extends Error {
  override name = 'OwnerError';
  constructor(
    readonly status: number,
    readonly body: OwnerErrorBody,
    /** Sent with the answer (a 429's Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(`${status} ${body.error}${body.field ? ` (${body.field})` : ''}`);
  }
}

/** A 400 naming the field. */
export function badField(field: string, error: string): OwnerError {
  return new OwnerError(400, { field, error });
}

export function answer(status: number, body: object, headers: HeadersInit = {}): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

/** Runs an endpoint's work: its refusals as their answers, anything else a logged 500. */
export async function answering(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OwnerError) return answer(error.status, error.body, error.headers);
    console.error('An owner request failed:', error);
    return answer(500, { error: 'failed' });
  }
}

/** The card a route names (its segment as Next decoded it, once); a name no card could have is a 404. */
export function cardParam(param: string): string {
  const username = parseUsername(param);
  if (username === null) throw new OwnerError(404, { error: 'no-card' });
  return username;
}
