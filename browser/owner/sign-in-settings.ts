// The company's sign-in setting, through karta's server (app/api/owner/companies/[id]/sign-in):
// admins only; the client secret is sent, never read back.
import type { SignInChanges, SignInSettings } from '../../lib/company-sign-in';
import { ownerJson } from './owner-api';

const endpoint = (id: string) => `/api/owner/companies/${encodeURIComponent(id)}/sign-in`;

export function readSignInSettings(id: string): Promise<SignInSettings> {
  return ownerJson<SignInSettings>(endpoint(id), { method: 'GET' });
}

export function saveSignInSettings(id: string, changes: SignInChanges): Promise<SignInSettings> {
  return ownerJson<SignInSettings>(endpoint(id), { method: 'PUT', json: changes });
}

/** The company stops signing in with its provider: answers the empty setting. */
export function removeSignInSettings(id: string): Promise<SignInSettings> {
  return ownerJson<SignInSettings>(endpoint(id), { method: 'DELETE' });
}
