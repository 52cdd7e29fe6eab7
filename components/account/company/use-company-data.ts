import { useEffect, useMemo, useState } from 'react';
import {
  watchInvites,
  watchMemberLeads,
  watchMembers,
  type CompanyLead,
  type Invite,
  type Member,
} from '@/browser/owner/company';

export interface CompanyData {
  /** Null until read. */
  members: Member[] | null;
  invites: Invite[] | null;
  /** Every member card's newest leads since it joined, newest first; null until each is read. */
  leads: CompanyLead[] | null;
  failed: boolean;
}

/** The company's members, invitations and leads, live, for the admin's screens. */
export function useCompanyData(companyId: string): CompanyData {
  const [members, setMembers] = useState<Member[] | null>(null);
  const [invites, setInvites] = useState<Invite[] | null>(null);
  const [byCard, setByCard] = useState<Map<string, CompanyLead[]>>(new Map());
  const [failed, setFailed] = useState(false);

  useEffect(() => watchMembers(companyId, setMembers, () => setFailed(true)), [companyId]);
  useEffect(() => watchInvites(companyId, setInvites, () => setFailed(true)), [companyId]);

  // One listener per member card (a removed member's card too: its leads stay the company's),
  // from the time it joined, which is where the rules let an admin read from.
  const cards = useMemo(
    () =>
      (members ?? []).flatMap((m) =>
        m.username && m.joinedAt ? [`${m.username}\u0000${m.joinedAt.getTime()}`] : [],
      ),
    [members],
  );
  const cardsKey = cards.join('\u0001');
  useEffect(() => {
    const stops = cardsKey
      .split('\u0001')
      .filter(Boolean)
      .map((entry) => {
        const [username, since] = entry.split('\u0000');
        return watchMemberLeads(
          username,
          new Date(Number(since)),
          (leads) => setByCard((current) => new Map(current).set(username, leads)),
          () => setFailed(true),
        );
      });
    return () => {
      for (const stop of stops) stop();
    };
  }, [cardsKey]);

  const leads = useMemo(() => {
    if (members === null) return null;
    const usernames = cards.map((entry) => entry.split('\u0000')[0]);
    if (usernames.some((username) => !byCard.has(username))) return null;
    return usernames
      .flatMap((username) => byCard.get(username) ?? [])
      .sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0));
  }, [members, cards, byCard]);

  return { members, invites, leads, failed };
}
