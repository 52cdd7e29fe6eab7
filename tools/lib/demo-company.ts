// The demo's company, «Studio Φως»: Maria its admin, Kostas and Alice its members (their demo
// cards joined), the address and the company's name locked, the colour and the website defaults,
// a logo, and one invitation pending. Written as karta's server would leave them
// (lib/collections.ts, lib/company.ts), on the demo cards and their owner accounts
// (demo-owners.ts). The invitation's e-mail is not queued in the outbox: the demo mails no one;
// its link is printed instead.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  ADMINS_FIELD,
  COMPANY_FIELD,
  COMPANY_NAME_FIELD,
  JOINED_FIELD,
  LOGO_VERSION_FIELD,
  MEMBER_UIDS_FIELD,
  TEMPLATE_AT_FIELD,
  TEMPLATE_FIELD,
  cardPath,
  companyLogoPath,
  companyPath,
  invitePath,
  invitesPath,
  memberPath,
} from '../../lib/collections';
import { INVITE_TTL_MS, type CompanyTemplate, type MemberRole } from '../../lib/company';
import { demoLegalDetails } from './demo-legal';
import type { DemoOwner } from './demo-owners';
import { ROOT } from './paths';

export const DEMO_COMPANY_ID = 'studio-fos';
export const DEMO_COMPANY_NAME = 'Studio Φως';
export const DEMO_LOGO_FILE = path.join(ROOT, 'tools', 'data', 'studio-fos-logo.png');

export const DEMO_TEMPLATE: CompanyTemplate = {
  companyName: { value: DEMO_COMPANY_NAME, locked: true },
  address: { value: 'Ερμού 45, 10563 Αθήνα', locked: true },
  accentColor: { value: '#b04a7a', locked: false },
  websiteLink: { value: 'https://www.example.gr', locked: false },
  ...demoLegalDetails(),
};

/** The demo cards in the company, and their roles. */
export const DEMO_MEMBERS: Readonly<Record<string, MemberRole>> = {
  maria: 'admin',
  kostas: 'member',
  alice: 'member',
};

/** The invitation still pending: an address with no account in the demo. */
export const DEMO_INVITE = {
  email: 'eleni@example.com',
  firstName: 'Ελένη',
  lastName: 'Νικολάου',
  jobTitle: 'Σχεδιάστρια φωτισμού',
} as const;

export interface DemoCompany {
  id: string;
  name: string;
  /** The role of each member card, by username. */
  roles: ReadonlyMap<string, MemberRole>;
  /** The pending invitation's token (`{companyId}.{secret}`), for lib/routes.ts inviteUrl. */
  inviteToken: string;
}

/** What the owner line says of a demo owner's place in the company, or nothing. */
export function companyNote(company: DemoCompany | undefined, username: string): string {
  const role = company?.roles.get(username);
  return company && role ? ` (${role} of ${company.name})` : '';
}

/** The logo as the server stores an upload: its version is its content's, stable across runs. */
function demoLogo(): { bytes: Buffer; contentType: 'image/png'; version: string } {
  const bytes = readFileSync(DEMO_LOGO_FILE);
  const version = createHash('sha256').update(bytes).digest('base64url').slice(0, 16);
  return { bytes, contentType: 'image/png', version };
}

/**
 * Writes the company on `db` for the demo owners among `owners` (each card of DEMO_MEMBERS must be
 * there). Seeding again replaces it, its invitations included.
 */
export async function seedDemoCompany(db: Firestore, owners: DemoOwner[]): Promise<DemoCompany> {
  const members = Object.entries(DEMO_MEMBERS).map(([username, role]) => {
    const owner = owners.find((o) => o.username === username);
    if (!owner) throw new Error(`The demo company's ${role} ${username} has no demo owner.`);
    return { owner, role };
  });
  const admin = members.find(({ role }) => role === 'admin')!.owner;
  const cards = await db.getAll(...members.map(({ owner }) => db.doc(cardPath(owner.username))));
  const logo = demoLogo();
  // A link no one has yet: stored as its secret's SHA-256, as the server stores an invitation.
  const secret = randomBytes(32).toString('base64url');
  const inviteId = createHash('sha256').update(secret).digest('hex');
  const now = FieldValue.serverTimestamp();

  await db.recursiveDelete(db.collection(invitesPath(DEMO_COMPANY_ID)));
  const batch = db.batch();
  batch.set(db.doc(companyPath(DEMO_COMPANY_ID)), {
    [COMPANY_NAME_FIELD]: DEMO_COMPANY_NAME,
    [TEMPLATE_FIELD]: DEMO_TEMPLATE,
    [LOGO_VERSION_FIELD]: logo.version,
    [ADMINS_FIELD]: [admin.uid],
    [MEMBER_UIDS_FIELD]: members.map(({ owner }) => owner.uid),
    [TEMPLATE_AT_FIELD]: now,
    createdAt: now,
  });
  batch.set(db.doc(companyLogoPath(DEMO_COMPANY_ID)), logo);
  members.forEach(({ owner, role }, i) => {
    const card = cards[i].data() ?? {};
    batch.update(cards[i].ref, {
      [COMPANY_FIELD]: DEMO_COMPANY_ID,
      [JOINED_FIELD]: now,
    });
    batch.set(db.doc(memberPath(DEMO_COMPANY_ID, owner.uid)), {
      username: owner.username,
      role,
      status: 'active',
      joinedAt: now,
      firstName: card.firstName ?? '',
      lastName: card.lastName ?? '',
      email: owner.email,
    });
  });
  batch.set(db.doc(invitePath(DEMO_COMPANY_ID, inviteId)), {
    ...DEMO_INVITE,
    status: 'pending',
    createdAt: now,
    expiresAt: Timestamp.fromMillis(Date.now() + INVITE_TTL_MS),
    invitedBy: admin.uid,
  });
  await batch.commit();
  return {
    id: DEMO_COMPANY_ID,
    name: DEMO_COMPANY_NAME,
    roles: new Map(members.map(({ owner, role }) => [owner.username, role])),
    inviteToken: `${DEMO_COMPANY_ID}.${secret}`,
  };
}
