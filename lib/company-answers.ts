// The answers of the company endpoints (app/api/owner/companies/, app/api/owner/invites/), as the
// server builds them (server/company/) and the console reads them (browser/owner/company.ts).
import type { MemberStatus } from './company';
import type { RefusedRow } from './invite-rows';

/** POST …/invites: how many were invited, and each address refused with why. */
export interface InviteAnswer {
  sent: number;
  refused: RefusedRow[];
}

/** PUT …/template: the company's active members, and how many of their cards the save changes. */
export interface TemplateAnswer {
  members: number;
  changed: number;
}

/** A card's views, saves and exchanges over a period. */
export interface StatCounts {
  views: number;
  saves: number;
  exchanges: number;
}

/** GET …/stats: per member, over 7 and 30 Athens days, and the company's totals. */
export interface CompanyStats {
  members: Array<{
    uid: string;
    username: string;
    status: MemberStatus;
    d7: StatCounts;
    d30: StatCounts;
  }>;
  company: { d7: StatCounts; d30: StatCounts };
}

/** GET /api/owner/invites/{token}: an invitation as its link's owner sees it before accepting. */
export interface InviteInfo {
  companyName: string;
  email: string;
  firstName?: string;
  lastName?: string;
  jobTitle?: string;
  /** ISO 8601. */
  expiresAt: string;
  /** A directory's invitation (server/scim/): the card made for the person, which accepting claims. */
  card?: string;
}

/** GET /api/owner/invites/{token}: the invitation, and what its link's holder alone may learn. */
export interface InviteLink extends InviteInfo {
  /** Whether the invited address has an account: the console opens sign-in, else sign-up. */
  hasAccount: boolean;
  /** A free username made of the invited names (ELOT 743), for an account without a card. */
  suggestedUsername?: string;
}

/** GET /api/owner/invites: each open invitation to the signed-in account's verified address. */
export interface PendingInvite extends InviteInfo {
  companyId: string;
  inviteId: string;
  suggestedUsername?: string;
}
