// The console's calls for the company's directory sync (SCIM, server/scim/): its state and log,
// a new token (shown once), revoking it, and holding new cards until their person accepts.
import type { DirectorySyncAnswer } from '@/lib/scim';
import { ownerJson, ownerRequest } from './owner-api';

const endpoint = (id: string, what: string) =>
  `/api/owner/companies/${encodeURIComponent(id)}/${what}`;

export function readDirectorySync(id: string): Promise<DirectorySyncAnswer> {
  return ownerJson(endpoint(id, 'scim-log'), { method: 'GET' });
}

/** A new token, which replaces the company's earlier one: the only time it can be read. */
export async function newDirectoryToken(id: string): Promise<string> {
  const { token } = await ownerJson<{ token: string }>(endpoint(id, 'scim-token'), {
    method: 'POST',
  });
  return token;
}

export function revokeDirectoryToken(id: string): Promise<void> {
  return ownerRequest(endpoint(id, 'scim-token'), { method: 'DELETE' });
}

export function setHoldCards(id: string, holdCardsUntilAccepted: boolean): Promise<void> {
  return ownerRequest(endpoint(id, 'scim-settings'), {
    method: 'PUT',
    json: { holdCardsUntilAccepted },
  });
}
