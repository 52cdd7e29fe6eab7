'use client';

import { useEffect, useMemo, useState } from 'react';
import { watchCard } from '@/browser/owner/card';
import type { Company } from '@/browser/owner/company';
import { applyCompany, type CompanyProfile } from '@/lib/company';
import { normaliseProfile } from '@/lib/profile';
import { teamIdOf, useTeamOverrides } from './use-team-overrides';

/**
 * The card as it shows, live: a member's with its company's values and its team's
 * (lib/company.ts applyCompany).
 */
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
  const teamOverrides = useTeamOverrides(company?.id, teamIdOf(data));
  return useMemo(() => {
    if (failed || data === undefined || data === null) return null;
    const own = normaliseProfile(username, data);
    return company ? applyCompany(own, { ...company, teamOverrides }) : own;
  }, [data, failed, username, company, teamOverrides]);
}
