// A card as it shows, from its document: a member card with its company's locked values and its
// team's, a switched-off card as its 410 page shows it, and which write of it was read. The server
// (profile-store.ts, with its deadlines and shared reads) and the daemon (the Google Wallet channel,
// which updates saved passes) read cards so; no 'server-only', since the daemon runs it outside
// Next.
import type { DocumentSnapshot, Timestamp } from 'firebase-admin/firestore';
import {
  COMPANY_FIELD,
  COMPANY_NAME_FIELD,
  LOGO_VERSION_FIELD,
  OFF_FIELD,
  TEAM_FIELD,
  TEAM_OVERRIDES_FIELD,
  TEAM_UPDATED_FIELD,
  TEMPLATE_AT_FIELD,
  TEMPLATE_FIELD,
  companyPath,
  teamPath,
} from '../lib/collections';
import {
  applyCompany,
  cardCompany,
  normaliseTemplate,
  type CardCompany,
  type CompanySource,
  type CompanyProfile,
} from '../lib/company';
import { companyContact } from '../lib/company-contact';
import { FORWARD_FIELD } from '../lib/company-removal';
import { normaliseProfile, type Profile } from '../lib/profile';
import { normaliseTeamOverrides } from '../lib/teams';

/** A card as read: its profile (null when there is none) and which write of it was read. */
export interface StoredCard {
  /** As it shows: a member card's carries its company's locked values and the company itself. */
  profile: CompanyProfile | null;
  /**
   * The document's update time, exact to the nanosecond, or 'none' when it does not exist: two
   * answers rendered from the same write carry the same version, whatever wrote it. A card of a
   * company adds `:` and the company's templateAt ('none' without a company document), so that a
   * template save is a new version of every member card; a card of a team then adds `:` and the
   * team's updatedAt ('none' without its document), so a change of the team is one too.
   */
  version: string;
  /**
   * A card switched off (its owner left the company or was removed): its company, whose name and
   * website its 410 page shows (the company's id alone when the company document is gone).
   * The profile is null then.
   */
  off?: CardCompany;
  /** A switched-off card: its company's own contact (lib/company-contact.ts). */
  companyContact?: Profile;
  /** A switched-off card forwarded to a colleague's: their username (lib/company-removal.ts). */
  forwardTo?: string;
}

const exactTime = (time: Timestamp) =>
  `${time.seconds}.${String(time.nanoseconds).padStart(9, '0')}`;

/**
 * A Timestamp field's exact time, or undefined. By its shape rather than `instanceof`: a second
 * copy of the SDK (a test's isolated modules) makes Timestamps of another class.
 */
function timeIn(value: unknown): string | undefined {
  const time = value as Partial<Timestamp> | null | undefined;
  return typeof time?.seconds === 'number' && typeof time.nanoseconds === 'number'
    ? exactTime(time as Timestamp)
    : undefined;
}

/** A document's text field, or undefined. */
function textOf(data: Record<string, unknown> | undefined, field: string): string | undefined {
  const value = data?.[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The card as it shows. A member card shows its company's locked values (applyCompany); one whose
 * company document is missing shows as a personal card (its own values), so a company deleted by
 * hand breaks no card. `readShared` reads the company's and the team's documents (null when
 * missing), with whatever deadline and sharing its caller wants.
 */
export async function storedCard(
  snapshot: DocumentSnapshot,
  readShared: (path: string) => Promise<DocumentSnapshot | null>,
): Promise<StoredCard> {
  if (!snapshot.exists) return { profile: null, version: 'none' };
  const data = snapshot.data();
  const updated = snapshot.updateTime ? exactTime(snapshot.updateTime) : 'none';
  const companyId = textOf(data, COMPANY_FIELD);
  const offAt = data?.[OFF_FIELD];
  if (!companyId) {
    return { profile: normaliseProfile(snapshot.id, data), version: updated };
  }
  const teamId = offAt === undefined || offAt === null ? textOf(data, TEAM_FIELD) : undefined;
  const [company, team] = await Promise.all([
    readShared(companyPath(companyId)),
    teamId ? readShared(teamPath(companyId, teamId)) : undefined,
  ]);
  const fields = company?.data();
  let version = `${updated}:${timeIn(fields?.[TEMPLATE_AT_FIELD]) ?? 'none'}`;
  if (teamId) version += `:${timeIn(team?.get(TEAM_UPDATED_FIELD)) ?? 'none'}`;
  const source: CompanySource = {
    id: companyId,
    name: textOf(fields, COMPANY_NAME_FIELD) ?? '',
    template: normaliseTemplate(fields?.[TEMPLATE_FIELD]),
    logoVersion: textOf(fields, LOGO_VERSION_FIELD),
    ...(team ? { teamOverrides: normaliseTeamOverrides(team.get(TEAM_OVERRIDES_FIELD)) } : {}),
  };
  if (offAt !== undefined && offAt !== null) {
    const forwardTo = textOf(data, FORWARD_FIELD);
    return {
      profile: null,
      version,
      off: cardCompany(source),
      companyContact: companyContact(snapshot.id, source),
      ...(forwardTo ? { forwardTo } : {}),
    };
  }
  const profile = normaliseProfile(snapshot.id, data);
  return { profile: company ? applyCompany(profile, source) : profile, version };
}
