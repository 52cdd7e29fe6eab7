import { useEffect, useState } from 'react';
import { watchCard } from '@/browser/owner/card';
import { watchCompany, type Company } from '@/browser/owner/company';
import { COMPANY_FIELD, OFF_FIELD } from '@/lib/collections';

/**
 * The company of the console's card, live: undefined while it is being read, null for a card in
 * none (or one the rules no longer let this account read), else the company and whether this
 * account is one of its admins.
 */
export type CompanyState = { company: Company; admin: boolean } | null | undefined;

export function useCompany(username: string, uid: string): CompanyState {
  const [companyId, setCompanyId] = useState<string | null | undefined>(undefined);
  const [state, setState] = useState<CompanyState>(undefined);

  useEffect(
    () =>
      watchCard(
        username,
        (data) => {
          const id: unknown = data?.[COMPANY_FIELD];
          // A switched-off card keeps its company, which is no longer its owner's.
          setCompanyId(typeof id === 'string' && id !== '' && !data?.[OFF_FIELD] ? id : null);
        },
        () => setCompanyId(null),
      ),
    [username],
  );

  useEffect(() => {
    if (!companyId) return;
    return watchCompany(
      companyId,
      (company) => setState(company && { company, admin: company.admins.includes(uid) }),
      () => setState(null),
    );
  }, [companyId, uid]);

  return companyId === null ? null : state;
}
