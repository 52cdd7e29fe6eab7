// The company's leads, for its admins: every contact left on one of its cards since that card
// joined, newest first, with the member it came to; as JSON, or as the owner's CSV export is.
import 'server-only';
import { Timestamp } from 'firebase-admin/firestore';
import { CREATED_FIELD, contactsPath } from '../../lib/collections';
import { contactsCsv } from '../../lib/contacts-csv';
import { adminDb } from '../firebase/admin-app';
import type { Owner } from '../owner/auth';
import { assertAdminReads } from './auth';
import { companyCards } from './roster';

export interface CompanyLead {
  id: string;
  name: string;
  email: string;
  phone?: string;
  /** ISO 8601. */
  createdAt: string;
  /** The card it was left on, and whose card that is (or was). */
  username: string;
  member: string;
}

/** The CSV's columns beyond the owner's export's. */
const CSV_MEMBER_HEADERS = ['Κάρτα', 'Μέλος'] as const;
/** The company's spreadsheets show Greek time, whatever the server's zone. */
const CSV_TIME_ZONE = 'Europe/Athens';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export async function companyLeads(owner: Owner, id: string): Promise<CompanyLead[]> {
  await assertAdminReads(owner, id);
  const db = adminDb();
  const cards = await companyCards(db, id);
  const perCard = await Promise.all(
    cards.map(async (card) => {
      const contacts = await db
        .collection(contactsPath(card.username))
        .where(CREATED_FIELD, '>=', card.joinedAt)
        .orderBy(CREATED_FIELD, 'desc')
        .get();
      return contacts.docs.map((doc): CompanyLead => {
        const createdAt = doc.get(CREATED_FIELD) as Timestamp;
        const phone = text(doc.get('phone'));
        return {
          id: doc.id,
          name: text(doc.get('name')),
          email: text(doc.get('email')),
          ...(phone ? { phone } : {}),
          createdAt: createdAt.toDate().toISOString(),
          username: card.username,
          member: card.member?.name ?? '',
        };
      });
    }),
  );
  return perCard.flat().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export function companyLeadsCsv(leads: CompanyLead[]): string {
  return contactsCsv(
    leads.map((lead) => ({ ...lead, createdAt: new Date(lead.createdAt) })),
    CSV_TIME_ZONE,
    { headers: CSV_MEMBER_HEADERS, cells: (lead) => [lead.username, lead.member] },
  );
}
