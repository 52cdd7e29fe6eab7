'use client';

import { useEffect, useState } from 'react';
import { watchTeamOverrides } from '@/browser/owner/teams';
import { TEAM_FIELD } from '@/lib/collections';
import type { TeamOverrides } from '@/lib/teams';

/** The team a card document names (lib/collections.ts TEAM_FIELD), if any. */
export function teamIdOf(data: unknown): string | undefined {
  const teamId = (data as Record<string, unknown> | null | undefined)?.[TEAM_FIELD];
  return typeof teamId === 'string' && teamId !== '' ? teamId : undefined;
}

/**
 * The overrides of a member card's team, live (lib/teams.ts), for the card as it shows in the
 * console; undefined for a card of no team, or until read (the template alone shows meanwhile).
 */
export function useTeamOverrides(
  companyId: string | undefined,
  teamId: string | undefined,
): TeamOverrides | undefined {
  const key = companyId && teamId ? `${companyId}/${teamId}` : undefined;
  const [read, setRead] = useState<{ key: string; overrides: TeamOverrides } | null>(null);
  useEffect(() => {
    if (!companyId || !teamId) return;
    const at = `${companyId}/${teamId}`;
    return watchTeamOverrides(
      companyId,
      teamId,
      (overrides) => setRead({ key: at, overrides }),
      () => setRead({ key: at, overrides: {} }),
    );
  }, [companyId, teamId]);
  return read && read.key === key ? read.overrides : undefined;
}
