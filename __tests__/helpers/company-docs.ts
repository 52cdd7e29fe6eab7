// A company and its members written straight to Firestore, as the server's own writes leave them
// (server/company/company.ts creates a company, accept.ts joins a card to one), for a test that
// needs a company without going through the company API.
import { FieldValue } from 'firebase-admin/firestore';
import { COMPANY_FIELD, JOINED_FIELD, TEMPLATE_AT_FIELD } from '@/lib/collections';
import type { CompanyTemplate } from '@/lib/company';

export interface CompanySeed {
  name: string;
  template: CompanyTemplate;
  admins: string[];
  memberUids: string[];
  logoVersion?: string;
}

/** The document companies/{id} of a company made of `seed`, created and its template saved now. */
export const companyDocument = (seed: CompanySeed) => ({
  ...seed,
  [TEMPLATE_AT_FIELD]: FieldValue.serverTimestamp(),
  createdAt: FieldValue.serverTimestamp(),
});

/** What a card carries once it has joined the company `companyId`. */
export const memberOf = (companyId: string) => ({
  [COMPANY_FIELD]: companyId,
  [JOINED_FIELD]: FieldValue.serverTimestamp(),
});
