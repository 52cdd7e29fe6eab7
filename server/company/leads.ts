// The company's leads, for its admins: every contact left on one of its cards since that card
// joined, newest first, with the member it came to; as JSON, as the owner's CSV export is, or as
// an Excel workbook with the same columns.
import 'server-only';
import { Timestamp } from 'firebase-admin/firestore';
import { CREATED_FIELD, contactsPath } from '../../lib/collections';
import {
  contactsCsv,
  contactsTable,
  formatContactTime,
  type ExtraColumns,
} from '../../lib/contacts-csv';
import { leadWorkflowOf, type LeadWorkflow } from '../../lib/lead-workflow';
import { adminDb } from '../firebase/admin-app';
import type { Owner } from '../owner/auth';
import { assertAdminReads } from './auth';
import { companyCards } from './roster';

export interface CompanyLead extends LeadWorkflow {
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

type DatedLead = Omit<CompanyLead, 'createdAt'> & { createdAt: Date };

/** The files' columns beyond the owner's export's: the card and its member. */
const MEMBER_COLUMNS: ExtraColumns<DatedLead> = {
  headers: ['Κάρτα', 'Μέλος'],
  cells: (lead) => [lead.username, lead.member],
};
/** The company's spreadsheets show Greek time, whatever the server's zone. */
const CSV_TIME_ZONE = 'Europe/Athens';
/** How the workbook shows a date: as Greek Excel writes one. */
const XLSX_DATE_FORMAT = 'dd/mm/yyyy hh:mm';
/** The widest a workbook's column starts, in characters: a long name wraps no further. */
const XLSX_MAX_WIDTH = 48;

const dated = (leads: CompanyLead[]): DatedLead[] =>
  leads.map((lead) => ({ ...lead, createdAt: new Date(lead.createdAt) }));

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
          ...leadWorkflowOf(doc.data()),
          username: card.username,
          member: card.member?.name ?? '',
        };
      });
    }),
  );
  return perCard.flat().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export function companyLeadsCsv(leads: CompanyLead[]): string {
  return contactsCsv(dated(leads), CSV_TIME_ZONE, MEMBER_COLUMNS);
}

/**
 * A spreadsheet date has no zone: Excel shows the UTC fields of what it is given, so it is given
 * the Greek wall-clock time as if it were UTC.
 */
const greekWallClock = (date: Date) =>
  new Date(`${formatContactTime(date, CSV_TIME_ZONE).replace(' ', 'T')}:00Z`);

/**
 * The leads as an .xlsx workbook: one sheet, its header row bold, frozen and filterable, the dates
 * real dates in Greek time. A visitor's text is a text cell, never a formula, whatever it starts
 * with. exceljs is loaded on the first export, not with the route.
 */
export async function companyLeadsXlsx(leads: CompanyLead[]): Promise<Uint8Array<ArrayBuffer>> {
  const { Workbook } = await import('exceljs');
  const { headers, rows } = contactsTable(dated(leads), MEMBER_COLUMNS);
  const book = new Workbook();
  const sheet = book.addWorksheet('Επαφές', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(headers).font = { bold: true };
  for (const row of rows) {
    sheet
      .addRow(row.map((cell) => (cell instanceof Date ? greekWallClock(cell) : (cell ?? ''))))
      .eachCell((cell) => {
        if (cell.value instanceof Date) cell.numFmt = XLSX_DATE_FORMAT;
      });
  }
  sheet.columns.forEach((column, c) => {
    const widest = Math.max(
      headers[c].length,
      XLSX_DATE_FORMAT.length,
      ...rows.map((row) => (typeof row[c] === 'string' ? row[c].length : 0)),
    );
    column.width = Math.min(widest + 2, XLSX_MAX_WIDTH);
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };
  return new Uint8Array(await book.xlsx.writeBuffer());
}
