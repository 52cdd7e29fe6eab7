// An invitation's link carries `{companyId}.{secret}`; the invitation is stored under the secret's
// SHA-256, so what Firestore holds cannot be turned back into a working link.
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

const SECRET = /^[A-Za-z0-9_-]{43}$/;
const COMPANY_ID = /^[A-Za-z0-9_-]{1,100}$/;

const inviteIdOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function newInviteToken(companyId: string): { token: string; inviteId: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${companyId}.${secret}`, inviteId: inviteIdOf(secret) };
}

/** The company and invitation a token names, or null when it is no token of ours. */
export function parseInviteToken(token: string): { companyId: string; inviteId: string } | null {
  const dot = token.lastIndexOf('.');
  const companyId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (dot < 1 || !COMPANY_ID.test(companyId) || !SECRET.test(secret)) return null;
  return { companyId, inviteId: inviteIdOf(secret) };
}
