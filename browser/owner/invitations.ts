// Invitations as the console meets them: the link's, read before anyone signs in (to open sign-up
// or sign-in with the invited address), and the signed-in account's open ones, listed and
// accepted without the link (GET/POST /api/owner/invites).
import type { InviteLink, PendingInvite } from '../../lib/company-answers';
import { ownerJson } from './owner-api';

/** What the link's invitation says to its holder signed out, or null when it cannot be read. */
export async function readInviteLink(token: string): Promise<InviteLink | null> {
  try {
    const res = await fetch(`/api/owner/invites/${encodeURIComponent(token)}`, {
      cache: 'no-store',
    });
    return res.ok ? ((await res.json()) as InviteLink) : null;
  } catch {
    return null;
  }
}

/** The open invitations to the signed-in account's verified address. */
export async function listPendingInvites(): Promise<PendingInvite[]> {
  const { invites } = await ownerJson<{ invites: PendingInvite[] }>('/api/owner/invites', {
    method: 'GET',
  });
  return invites;
}

/** Accepts one of them: the account's card joins (or, with `username`, a new one is made). */
export function acceptPendingInvite(
  { companyId, inviteId }: PendingInvite,
  username?: string,
): Promise<{ username: string }> {
  return ownerJson('/api/owner/invites', {
    method: 'POST',
    json: { companyId, inviteId, ...(username === undefined ? {} : { username }) },
  });
}
