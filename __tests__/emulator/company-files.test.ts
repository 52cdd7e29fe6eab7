// Files as Greek offices use them, through karta's own routes (helpers/company-api.ts): an
// invitation file that Excel in Greek saved (Windows-1253, «;») keeps every name and job title,
// and the company's leads come as an Excel workbook that reads back with its dates as dates.
import { FieldValue } from 'firebase-admin/firestore';
import { ValueType, Workbook } from 'exceljs';
import { INVITE_MESSAGES } from '@/lib/invite-rows';
import { LEADS_FILE_TYPES } from '@/lib/leads-file';
import { formatContactTime } from '@/lib/contacts-csv';
import { adminDb } from '@/server/firebase/admin-app';
import { POST as create } from '@/app/api/owner/companies/route';
import { POST as invite } from '@/app/api/owner/companies/[id]/invites/route';
import { GET as contacts } from '@/app/api/owner/companies/[id]/contacts/route';
import { CSV_HEADERS } from '@/lib/contacts-csv';
import { account, send, type Account } from '../helpers/company-api';
import { claimCard, companyApiFile } from '../helpers/company-api-file';
import { windows1253 } from '../helpers/windows-1253';

const PROJECT = 'demo-karta-company-files';
const USERNAME = 'maria-files';

let maria: Account;
let companyId: string;

companyApiFile(PROJECT);

beforeAll(async () => {
  maria = await account('maria@files.test');
  expect(await claimCard(maria, USERNAME, { firstName: 'Μαρία', lastName: 'Φωτίου' })).toBe(201);
  const created = await send(
    create,
    '/api/owner/companies',
    {},
    { token: maria.token, json: { name: 'Studio Φως' } },
  );
  expect(created.status).toBe(201);
  companyId = (created.body as { id: string }).id;
});

test('an invitation file from Greek Excel (Windows-1253, «;», Greek headers): names and job titles kept, a bad line refused by its number', async () => {
  const file = windows1253(
    [
      'Email;Όνομα;Επώνυμο;Ιδιότητα',
      'dimitris@example.com;Δημήτρης;Αλεξίου;Υπεύθυνος πωλήσεων, Αθήνα',
      'όχι-διεύθυνση;Άννα;Ζαχαρίου;Λογίστρια',
      'sofia@example.com;Σοφία;Ώτη;Γραφίστρια',
    ].join('\r\n'),
  );
  const sent = await send(
    invite,
    `/api/owner/companies/${companyId}/invites`,
    { id: companyId },
    { token: maria.token, body: file, type: 'text/csv' },
  );
  expect(sent).toMatchObject({
    status: 201,
    body: {
      sent: 2,
      refused: [{ line: 3, email: 'όχι-διεύθυνση', error: INVITE_MESSAGES.email }],
    },
  });
  const invites = await adminDb().collection(`companies/${companyId}/invites`).get();
  expect(
    invites.docs
      .map((doc) => doc.data())
      .map(({ email, firstName, lastName, jobTitle }) => ({ email, firstName, lastName, jobTitle }))
      .sort((a, b) => a.email.localeCompare(b.email)),
  ).toEqual([
    {
      email: 'dimitris@example.com',
      firstName: 'Δημήτρης',
      lastName: 'Αλεξίου',
      jobTitle: 'Υπεύθυνος πωλήσεων, Αθήνα',
    },
    { email: 'sofia@example.com', firstName: 'Σοφία', lastName: 'Ώτη', jobTitle: 'Γραφίστρια' },
  ]);
  const mail = await adminDb().collection('outbox').where('to', '==', 'sofia@example.com').get();
  expect(mail.docs).toHaveLength(1);
  expect(String(mail.docs[0].get('text'))).toContain('Σοφία');
});

test('the leads as an Excel workbook: its type and file name, Greek headers, dates as real dates in Greek time, a visitor’s «=…» kept as text', async () => {
  const db = adminDb();
  await db.collection(`users/${USERNAME}/contacts`).add({
    name: 'Νίκος Ιωάννου',
    email: 'nikos@visitor.test',
    phone: '+30 6900000000',
    createdAt: FieldValue.serverTimestamp(),
  });
  await db.collection(`users/${USERNAME}/contacts`).add({
    name: '=HYPERLINK("https://evil.example","x")',
    email: 'h@visitor.test',
    createdAt: FieldValue.serverTimestamp(),
  });
  const json = await send(
    contacts,
    `/api/owner/companies/${companyId}/contacts`,
    { id: companyId },
    { token: maria.token, method: 'GET' },
  );
  const leads = (json.body as { contacts: Array<{ name: string; createdAt: string }> }).contacts;
  expect(leads).toHaveLength(2);

  const path = `/api/owner/companies/${companyId}/contacts?format=xlsx`;
  const request = new Request(`http://127.0.0.1${path}`, {
    headers: { authorization: `Bearer ${maria.token}` },
  });
  // send() reads a body as text; a workbook is bytes, so the route is called here directly.
  const res = await contacts(request, {
    params: Promise.resolve({ id: companyId }) as Promise<never>,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(LEADS_FILE_TYPES.xlsx);
  expect(res.headers.get('content-disposition')).toBe(
    `attachment; filename="karta-etaireia-${companyId}-epafes.xlsx"`,
  );
  const book = new Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const sheet = book.worksheets[0];
  expect(sheet.name).toBe('Επαφές');
  const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
  expect(values(1)).toEqual([...CSV_HEADERS, 'Κάρτα', 'Μέλος']);
  expect(sheet.rowCount).toBe(3);
  for (const [index, lead] of leads.entries()) {
    const [name, , , date, status, , , card, member] = values(index + 2);
    expect(status).toBe('Νέα');
    expect([name, card, member]).toEqual([lead.name, USERNAME, 'Μαρία Φωτίου']);
    // A real date, whose fields are the Greek wall-clock time of the lead.
    expect(date).toBeInstanceOf(Date);
    expect((date as Date).toISOString().slice(0, 16).replace('T', ' ')).toBe(
      formatContactTime(new Date(lead.createdAt), 'Europe/Athens'),
    );
    expect(sheet.getRow(index + 2).getCell(4).numFmt).toBe('dd/mm/yyyy hh:mm');
  }
  const formulaRow = leads.findIndex((lead) => lead.name.startsWith('=')) + 2;
  expect(sheet.getRow(formulaRow).getCell(1).type).toBe(ValueType.String);
  expect(values(leads.findIndex((lead) => lead.name.startsWith('Ν')) + 2)[2]).toBe(
    '+30 6900000000',
  );
});
