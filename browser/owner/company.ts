// The owner's company, read live from Firestore (the company, its members, its invitations, and the
// contacts left on every member's card since it joined), and every change to it through karta's
// server (app/api/owner/companies/…, owner-api.ts): the rules let no browser write a company.
import {
  collection,
  doc,
  limit,
  onSnapshot,
  orderBy,
  query,
  where,
  type DocumentData,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import {
  ADMINS_FIELD,
  COMPANY_NAME_FIELD,
  CREATED_FIELD,
  LOGO_VERSION_FIELD,
  MEMBER_UIDS_FIELD,
  TEMPLATE_FIELD,
  companyPath,
  contactsPath,
  invitesPath,
  membersPath,
} from '../../lib/collections';
import {
  normaliseTemplate,
  type CompanyTemplate,
  type InviteStatus,
  type MemberRole,
  type MemberStatus,
} from '../../lib/company';
import type {
  CompanyStats,
  InviteAnswer,
  InviteLink,
  TemplateAnswer,
} from '../../lib/company-answers';
import { FORWARD_FIELD, REMOVED_BY_FIELD } from '../../lib/company-removal';
import { ownerDb } from './firebase';
import type { LeadsFileFormat } from '../../lib/leads-file';
import type { FilterableLead } from '../../lib/lead-filter';
import { leadWorkflowOf, type LeadChanges, type LeadWorkflow } from '../../lib/lead-workflow';
import { ownerFile, ownerJson, ownerRequest } from './owner-api';

/** companies/{id} as the console shows it. */
export interface Company {
  id: string;
  name: string;
  template: CompanyTemplate;
  logoVersion?: string;
  admins: string[];
  memberUids: string[];
}

export interface Member {
  uid: string;
  username: string;
  role: MemberRole;
  status: MemberStatus;
  joinedAt: Date | null;
  removedAt: Date | null;
  /** Who ended the membership: an admin's uid, or their own (they left). */
  removedBy?: string;
  /** The colleague's card a removed member's card forwards to (lib/company-removal.ts). */
  forwardTo?: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface Invite {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  status: InviteStatus;
  createdAt: Date | null;
  expiresAt: Date | null;
}

/**
 * A lead as the admins' list shows it: what its filters read (`username`: the member card it was
 * left on), and its id.
 */
export interface CompanyLead extends FilterableLead, LeadWorkflow {
  id: string;
  username: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

function dateOf(value: unknown): Date | null {
  return value && typeof (value as { toDate?: unknown }).toDate === 'function'
    ? (value as { toDate(): Date }).toDate()
    : null;
}

/** The company as stored, whatever the document holds. */
export function toCompany(id: string, data: DocumentData): Company {
  const logoVersion = text(data[LOGO_VERSION_FIELD]);
  return {
    id,
    name: text(data[COMPANY_NAME_FIELD]),
    template: normaliseTemplate(data[TEMPLATE_FIELD]),
    ...(logoVersion ? { logoVersion } : {}),
    admins: strings(data[ADMINS_FIELD]),
    memberUids: strings(data[MEMBER_UIDS_FIELD]),
  };
}

/** Follows companies/{id}: its data, or null once it cannot be read (gone, or no longer ours). */
export function watchCompany(
  id: string,
  listener: (company: Company | null) => void,
  onError: (error: Error) => void,
): () => void {
  return onSnapshot(
    doc(ownerDb(), companyPath(id)),
    (snapshot) => {
      const data = snapshot.data();
      listener(data ? toCompany(id, data) : null);
    },
    onError,
  );
}

function toMember(snapshot: QueryDocumentSnapshot): Member {
  const data = snapshot.data({ serverTimestamps: 'estimate' });
  return {
    uid: snapshot.id,
    username: text(data.username),
    role: data.role === 'admin' ? 'admin' : 'member',
    status: data.status === 'removed' ? 'removed' : 'active',
    joinedAt: dateOf(data.joinedAt),
    removedAt: dateOf(data.removedAt),
    ...(text(data[REMOVED_BY_FIELD]) ? { removedBy: text(data[REMOVED_BY_FIELD]) } : {}),
    ...(text(data[FORWARD_FIELD]) ? { forwardTo: text(data[FORWARD_FIELD]) } : {}),
    firstName: text(data.firstName),
    lastName: text(data.lastName),
    email: text(data.email),
  };
}

/** Every member, active or not, the earliest first (admins only, by the rules). */
export function watchMembers(
  id: string,
  listener: (members: Member[]) => void,
  onError: (error: Error) => void,
): () => void {
  return onSnapshot(
    collection(ownerDb(), membersPath(id)),
    (snapshot) =>
      listener(
        snapshot.docs
          .map(toMember)
          .sort((a, b) => (a.joinedAt?.getTime() ?? 0) - (b.joinedAt?.getTime() ?? 0)),
      ),
    onError,
  );
}

function toInvite(snapshot: QueryDocumentSnapshot): Invite {
  const data = snapshot.data({ serverTimestamps: 'estimate' });
  const status = data.status;
  return {
    id: snapshot.id,
    email: text(data.email),
    firstName: text(data.firstName),
    lastName: text(data.lastName),
    jobTitle: text(data.jobTitle),
    status: status === 'accepted' || status === 'revoked' ? status : 'pending',
    createdAt: dateOf(data.createdAt),
    expiresAt: dateOf(data.expiresAt),
  };
}

/** Every invitation, the newest first (admins only, by the rules). */
export function watchInvites(
  id: string,
  listener: (invites: Invite[]) => void,
  onError: (error: Error) => void,
): () => void {
  return onSnapshot(
    collection(ownerDb(), invitesPath(id)),
    (snapshot) =>
      listener(
        snapshot.docs
          .map(toInvite)
          .sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0)),
      ),
    onError,
  );
}

/** A pending invitation whose link no longer works: it expired (no status records that). */
export function inviteExpired(invite: Invite, now: number): boolean {
  return (
    invite.status === 'pending' && invite.expiresAt !== null && invite.expiresAt.getTime() < now
  );
}

/** How many of a member card's newest contacts the console lists live; the CSV export has all. */
export const LEADS_PER_MEMBER = 100;

/**
 * Calls `listener` with the newest contacts of one member card since it joined the company (the
 * rules let an admin read no earlier one), now and on every change.
 */
export function watchMemberLeads(
  username: string,
  since: Date,
  listener: (leads: CompanyLead[]) => void,
  onError: (error: Error) => void,
): () => void {
  const q = query(
    collection(ownerDb(), contactsPath(username)),
    where(CREATED_FIELD, '>=', since),
    orderBy(CREATED_FIELD, 'desc'),
    limit(LEADS_PER_MEMBER),
  );
  return onSnapshot(
    q,
    (snapshot) =>
      listener(
        snapshot.docs.map((contact) => {
          const data = contact.data({ serverTimestamps: 'estimate' });
          return {
            id: contact.id,
            username,
            name: text(data.name),
            email: text(data.email),
            ...(text(data.phone) ? { phone: text(data.phone) } : {}),
            createdAt: dateOf(data[CREATED_FIELD]),
            ...leadWorkflowOf(data),
          };
        }),
      ),
    onError,
  );
}

const companiesEndpoint = '/api/owner/companies';
const companyEndpoint = (id: string) => `${companiesEndpoint}/${encodeURIComponent(id)}`;

/** Creates a company of the owner's card (which joins it); its id. */
export async function createCompany(name: string): Promise<string> {
  const { id } = await ownerJson<{ id: string }>(companiesEndpoint, {
    method: 'POST',
    json: { name },
  });
  return id;
}

/** A logo picked for the template: PNG or JPEG bytes (lib/company-logo.ts). */
export interface LogoUpload {
  file: Blob;
}

/**
 * Saves the template (PUT …/template): with a picked logo, as multipart beside the fields; `logo`
 * null takes the company's logo away; undefined keeps it.
 */
export async function saveTemplate(
  id: string,
  fields: CompanyTemplate,
  logo?: LogoUpload | null,
): Promise<TemplateAnswer> {
  const path = `${companyEndpoint(id)}/template`;
  if (logo) {
    const form = new FormData();
    form.set('fields', JSON.stringify(fields));
    form.set('logo', logo.file, 'logo');
    return ownerJson(path, { method: 'PUT', form });
  }
  return ownerJson(path, {
    method: 'PUT',
    json: logo === null ? { fields, logo: null } : { fields },
  });
}

export interface InviteRequest {
  email: string;
  firstName?: string;
  lastName?: string;
  jobTitle?: string;
}

/** Invites a list of addresses, or the rows of a CSV file (sent as text/csv). */
export function sendInvites(id: string, invites: InviteRequest[] | Blob): Promise<InviteAnswer> {
  const path = `${companyEndpoint(id)}/invites`;
  if (invites instanceof Blob) {
    return ownerJson(path, { method: 'POST', body: { data: invites, type: 'text/csv' } });
  }
  return ownerJson(path, { method: 'POST', json: { invites } });
}

export function revokeInvite(id: string, inviteId: string): Promise<void> {
  return ownerRequest(`${companyEndpoint(id)}/invites/${encodeURIComponent(inviteId)}`, {
    method: 'DELETE',
  });
}

export function setMemberRole(id: string, uid: string, role: MemberRole): Promise<void> {
  return ownerRequest(`${companyEndpoint(id)}/members/${encodeURIComponent(uid)}`, {
    method: 'PUT',
    json: { role },
  });
}

const memberEndpoint = (id: string, uid: string) =>
  `${companyEndpoint(id)}/members/${encodeURIComponent(uid)}`;

/**
 * Removes a member, or, for one's own uid, leaves the company: the card is switched off, or
 * forwarded to the colleague's card `forwardTo` (an admin's choice).
 */
export function removeMember(
  id: string,
  uid: string,
  forwardTo: string | null = null,
): Promise<void> {
  return ownerRequest(memberEndpoint(id, uid), {
    method: 'DELETE',
    ...(forwardTo === null ? {} : { json: { forwardTo } }),
  });
}

/** Where a removed member's card forwards to: a colleague's card, or nowhere (switched off). */
export function setForwarding(id: string, uid: string, forwardTo: string | null): Promise<void> {
  return ownerRequest(memberEndpoint(id, uid), { method: 'PATCH', json: { forwardTo } });
}

/** The workflow of the lead `contactId` on member card `username` changed by an admin. */
export function changeLead(
  id: string,
  username: string,
  contactId: string,
  changes: LeadChanges,
): Promise<void> {
  const path = `${companyEndpoint(id)}/contacts/${encodeURIComponent(username)}/${encodeURIComponent(contactId)}`;
  return ownerRequest(path, { method: 'PATCH', json: changes });
}

/** Every member card's leads since it joined, as the server writes them in CSV or Excel. */
export function companyLeadsFile(id: string, format: LeadsFileFormat): Promise<Blob> {
  return ownerFile(`${companyEndpoint(id)}/contacts?format=${format}`);
}

export function companyStats(id: string): Promise<CompanyStats> {
  return ownerJson(`${companyEndpoint(id)}/stats`, { method: 'GET' });
}

const inviteEndpoint = (token: string) => `/api/owner/invites/${encodeURIComponent(token)}`;

export function readInvite(token: string): Promise<InviteLink> {
  return ownerJson(inviteEndpoint(token), { method: 'GET' });
}

/** Accepts the invitation: the account's card joins (or, with `username`, a new one is made). */
export function acceptInvite(token: string, username?: string): Promise<{ username: string }> {
  return ownerJson(inviteEndpoint(token), {
    method: 'POST',
    json: username === undefined ? {} : { username },
  });
}
