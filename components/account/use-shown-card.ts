'use client';

import { useEffect, useMemo, useState } from 'react';
import { watchCard } from '@/browser/owner/card';
import type { Company } from '@/browser/owner/company';
import { applyCompany, type CompanyProfile } from '@/lib/company';
import { normaliseProfile } from '@/lib/profile';

/** The card as it shows, live: a member's with its company's values (lib/company.ts applyCompany). */
export function useShownCard(username: string, company: Company | null): CompanyProfile | null {
  const [data, setData] = useState<unknown>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(
    () =>
      watchCard(
        username,
        (card) => setData(card ?? null),
        () => setFailed(true),
      ),
    [username],
  );
  return useMemo(() => {
    if (failed || data === undefined || data === null) return null;
    const own = normaliseProfile(username, data);
    return company ? applyCompany(own, company) : own;
  }, [data, failed, username, company]);
}
