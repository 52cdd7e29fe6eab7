// Directory sync for the demo and the bench: a company's SCIM token, made as the console's
// «Νέο διακριτικό» makes it (server/scim/token-store.ts; it replaces the company's earlier one),
// with the base URL a directory is given. The demo prints `scim: <base url> <token>`.
import type { Firestore } from 'firebase-admin/firestore';
import { scimBaseUrl } from '../../lib/scim';
import { newScimToken, storeScimToken } from '../../server/scim/token-store';
import { DEMO_COMPANY_ID } from './demo-company';

export interface ScimAccess {
  baseUrl: string;
  token: string;
}

/** A new SCIM token of company `companyId`, for the site at `siteUrl`. */
export async function issueScimAccess(
  db: Firestore,
  companyId: string,
  siteUrl: string | URL,
): Promise<ScimAccess> {
  const token = newScimToken();
  await storeScimToken(companyId, 'tools', token, undefined, db);
  return { baseUrl: scimBaseUrl(siteUrl), token };
}

/** Studio Φως's token (tools/lib/demo-company.ts). */
export function demoScim(db: Firestore, siteUrl: string | URL): Promise<ScimAccess> {
  return issueScimAccess(db, DEMO_COMPANY_ID, siteUrl);
}
