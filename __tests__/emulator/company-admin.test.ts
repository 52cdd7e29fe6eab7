// A company's admin through karta's own routes (helpers/company-api.ts): creating the company,
// saving its template and logo, a member's edit of a locked field, and inviting addresses as a
// JSON list and as a CSV file (bad rows by line, an outbox mail for each good one, in Greek that
// greets and names people as Greek does, replies going to the admin). Invitations are no mail
// relay: no link in a company's or an invitee's name, none of their text in the subject, and a
// daily ceiling per account and per company.
import { CARD_MESSAGES } from '@/lib/profile';
import { LOGO_MESSAGES } from '@/lib/company-logo';
import { INVITE_MESSAGES } from '@/lib/invite-rows';
import { accountInviteQuotaPath, companyInviteQuotaPath } from '@/lib/collections';
import { INVITES_PER_ACCOUNT_DAY, INVITES_PER_COMPANY_DAY } from '@/lib/invite-quota';
import { athensDay } from '@/lib/stats/day';
import { adminDb } from '@/server/firebase/admin-app';
import { DELETE as erase, PATCH as edit } from '@/app/api/owner/cards/[username]/route';
import { POST as create } from '@/app/api/owner/companies/route';
import { PUT as saveTemplate } from '@/app/api/owner/companies/[id]/template/route';
import { POST as invite } from '@/app/api/owner/companies/[id]/invites/route';
import { DELETE as revoke } from '@/app/api/owner/companies/[id]/invites/[inviteId]/route';
import { account, send, type Account } from '../helpers/company-api';
import { claimCard, companyApiFile } from '../helpers/company-api-file';

const PROJECT = 'demo-karta-company-admin';
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let maria: Account;
let kostas: Account;
let companyId: string;

companyApiFile(PROJECT);

beforeAll(async () => {
  [maria, kostas] = await Promise.all([
    account('maria@studio.test'),
    account('kostas@studio.test'),
  ]);
  for (const [who, username, firstName] of [
    [maria, 'maria-studio', 'Μαρία'],
    [kostas, 'kostas-studio', 'Κώστας'],
  ] as const) {
    expect(await claimCard(who, username, { firstName, lastName: 'Φωτίου', city: 'Βόλος' })).toBe(
      201,
    );
  }
});

const company = () => adminDb().doc(`companies/${companyId}`);

test('creating a company: unverified 403, no card 409, then 201 with its admin and her card joined; a second is 409', async () => {
  const unverified = await account('nobody@studio.test', { verified: false });
  expect(
    await send(
      create,
      '/api/owner/companies',
      {},
      { token: unverified.token, json: { name: 'Χ' } },
    ),
  ).toMatchObject({ status: 403, body: { error: 'unverified' } });
  const cardless = await account('cardless@studio.test');
  expect(
    await send(create, '/api/owner/companies', {}, { token: cardless.token, json: { name: 'Χ' } }),
  ).toMatchObject({ status: 409, body: { error: 'no-card' } });
  expect(
    await send(create, '/api/owner/companies', {}, { token: maria.token, json: { name: ' ' } }),
  ).toMatchObject({
    status: 400,
    body: { field: 'name', error: 'Συμπληρώστε το όνομα της εταιρείας' },
  });
  // A phishing line as a company's name would be mailed to every invitee.
  for (const [name, link] of [
    [
      'Eurobank: ο λογαριασμός σας κλειδώθηκε - https://evil.example/unlock',
      'https://evil.example/unlock',
    ],
    ['Ξεκλειδώστε στο www.evil-bank.gr', 'www.evil-bank.gr'],
    ['Γράψτε στο help@evil.example', 'help@evil.example'],
  ]) {
    expect(
      await send(create, '/api/owner/companies', {}, { token: maria.token, json: { name } }),
    ).toMatchObject({
      status: 400,
      body: {
        field: 'name',
        error: `Το όνομα της εταιρείας δεν μπορεί να περιέχει διεύθυνση ιστοσελίδας ή email («${link}»)`,
      },
    });
  }
  expect((await adminDb().collection('companies').get()).size).toBe(0);

  const created = await send(
    create,
    '/api/owner/companies',
    {},
    {
      token: maria.token,
      json: { name: 'Studio Φως' },
    },
  );
  expect(created.status).toBe(201);
  companyId = (created.body as { id: string }).id;
  const stored = (await company().get()).data();
  expect(stored).toMatchObject({
    name: 'Studio Φως',
    template: {},
    admins: [maria.uid],
    memberUids: [maria.uid],
  });
  expect(stored?.templateAt).toBeDefined();
  const card = (await adminDb().doc('users/maria-studio').get()).data();
  expect(card?.companyId).toBe(companyId);
  expect(card?.companyJoinedAt).toBeDefined();
  expect(
    (await adminDb().doc(`companies/${companyId}/members/${maria.uid}`).get()).data(),
  ).toMatchObject({
    username: 'maria-studio',
    role: 'admin',
    status: 'active',
    firstName: 'Μαρία',
    email: 'maria@studio.test',
  });

  expect(
    await send(create, '/api/owner/companies', {}, { token: maria.token, json: { name: 'Άλλη' } }),
  ).toMatchObject({ status: 409, body: { error: 'has-company' } });
});

const templatePath = () => `/api/owner/companies/${companyId}/template`;
const put = (token: string, init: { json?: unknown; body?: BodyInit }, id = companyId) =>
  send(saveTemplate, templatePath(), { id }, { token, method: 'PUT', ...init });

test('the template: saved by the admin; a value the card refuses is its Greek 400 and writes nothing; a non-admin is 403, an unknown company 404', async () => {
  const fields = {
    address: { value: 'Ερμού 10', locked: true },
    companyName: { value: 'Studio Φως', locked: true },
    accentColor: { value: '#112233', locked: false },
  };
  expect(await put(maria.token, { json: { fields } })).toMatchObject({
    status: 200,
    body: { members: 1 },
  });
  const saved = (await company().get()).data();
  expect(saved?.template).toEqual(fields);

  const refused = await put(maria.token, {
    json: { fields: { ...fields, websiteLink: { value: 'ftp://studio.test', locked: true } } },
  });
  expect(refused).toMatchObject({
    status: 400,
    body: { field: 'fields.websiteLink', error: CARD_MESSAGES.link },
  });
  expect((await company().get()).data()).toEqual(saved);

  expect(await put(kostas.token, { json: { fields } })).toMatchObject({
    status: 403,
    body: { error: 'not-admin' },
  });
  expect(await put(maria.token, { json: { fields } }, 'no-such-company')).toMatchObject({
    status: 404,
    body: { error: 'no-company' },
  });
  expect((await company().get()).data()).toEqual(saved);
});

function withLogo(fields: object, logo: Blob): FormData {
  const form = new FormData();
  form.set('fields', JSON.stringify(fields));
  form.set('logo', logo, 'logo');
  return form;
}

test('the logo: a PNG is stored with a new version; a file that is not what it claims, or too large, is refused and changes nothing; null removes it', async () => {
  const fields = (await company().get()).get('template') as object;
  const ok = await put(maria.token, {
    body: withLogo(fields, new Blob([PNG], { type: 'image/png' })),
  });
  expect(ok.status).toBe(200);
  const version = (await company().get()).get('logoVersion') as string;
  expect(version).toMatch(/^[A-Za-z0-9_-]{16}$/);
  const logo = (await adminDb().doc(`companies/${companyId}/logo/current`).get()).data();
  expect(logo?.contentType).toBe('image/png');
  expect(logo?.version).toBe(version);
  expect(Buffer.from(logo?.bytes as Uint8Array).equals(PNG)).toBe(true);

  const gif = new Blob([Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')], { type: 'image/png' });
  expect(await put(maria.token, { body: withLogo(fields, gif) })).toMatchObject({
    status: 400,
    body: { field: 'logo', error: LOGO_MESSAGES.type },
  });
  const large = new Blob([PNG, Buffer.alloc(100 * 1024)], { type: 'image/png' });
  expect(await put(maria.token, { body: withLogo(fields, large) })).toMatchObject({
    status: 400,
    body: { field: 'logo', error: LOGO_MESSAGES.tooLarge },
  });
  const gifType = new Blob([PNG], { type: 'image/gif' });
  expect((await put(maria.token, { body: withLogo(fields, gifType) })).status).toBe(400);
  expect((await company().get()).get('logoVersion')).toBe(version);

  expect((await put(maria.token, { json: { fields, logo: null } })).status).toBe(200);
  expect((await company().get()).get('logoVersion')).toBeUndefined();
  expect((await adminDb().doc(`companies/${companyId}/logo/current`).get()).exists).toBe(false);
});

test('a member’s edit of a locked field is a 403 naming it and writes nothing; a free field is saved; the company card cannot be erased', async () => {
  const cardPath = '/api/owner/cards/maria-studio';
  const params = { username: 'maria-studio' };
  const patch = (changes: object) =>
    send(edit, cardPath, params, { token: maria.token, method: 'PATCH', json: { changes } });
  expect(await patch({ address: 'Αλλού 5', jobTitle: 'Φωτογράφος' })).toMatchObject({
    status: 403,
    body: { error: 'locked', field: 'address' },
  });
  expect((await adminDb().doc('users/maria-studio').get()).get('jobTitle')).toBeUndefined();
  expect(await patch({ jobTitle: 'Φωτογράφος', accentColor: '#445566' })).toMatchObject({
    status: 200,
  });
  expect((await adminDb().doc('users/maria-studio').get()).data()).toMatchObject({
    jobTitle: 'Φωτογράφος',
    accentColor: '#445566',
  });
  expect(
    await send(erase, cardPath, params, { token: maria.token, method: 'DELETE' }),
  ).toMatchObject({ status: 409, body: { error: 'company-card' } });
  expect((await adminDb().doc('users/maria-studio').get()).exists).toBe(true);
});

const invitesPath = () => `/api/owner/companies/${companyId}/invites`;

async function outboxTo(email: string) {
  const docs = await adminDb().collection('outbox').where('to', '==', email).get();
  return docs.docs.map((doc) => doc.data());
}

test('invitations as JSON: good rows are written, each with its Greek mail in the outbox; a malformed address, a member, one already invited and a name holding a link are refused', async () => {
  // Δημήτρης has a karta account already; Ελένη has none.
  await account('dimitris@studio.test');
  const sent = await send(
    invite,
    invitesPath(),
    { id: companyId },
    {
      token: maria.token,
      json: {
        invites: [
          { email: 'Eleni@Example.COM', firstName: 'Ελένη', jobTitle: 'Σχεδιάστρια' },
          { email: 'not an address' },
          { email: 'maria@studio.test' },
          { email: 'victim@example.com', firstName: 'Επείγον: https://evil.example' },
          { email: 'victim2@example.com', firstName: 'Γιώργος', lastName: 'evil.example/unlock' },
          { email: 'dimitris@studio.test', firstName: 'Δημήτρης' },
        ],
      },
    },
  );
  expect(sent).toMatchObject({
    status: 201,
    body: {
      sent: 2,
      refused: [
        { email: 'not an address', error: INVITE_MESSAGES.email },
        {
          email: 'victim@example.com',
          error:
            'Το όνομα δεν μπορεί να περιέχει διεύθυνση ιστοσελίδας ή email («https://evil.example»)',
        },
        {
          email: 'victim2@example.com',
          error:
            'Το επώνυμο δεν μπορεί να περιέχει διεύθυνση ιστοσελίδας ή email («evil.example/unlock»)',
        },
        { email: 'maria@studio.test', error: INVITE_MESSAGES.member },
      ],
    },
  });
  expect(await outboxTo('victim@example.com')).toHaveLength(0);
  expect(await outboxTo('victim2@example.com')).toHaveLength(0);
  const invites = await adminDb().collection(`companies/${companyId}/invites`).get();
  expect(invites.docs.map((doc) => doc.data())).toContainEqual(
    expect.objectContaining({
      email: 'eleni@example.com',
      firstName: 'Ελένη',
      jobTitle: 'Σχεδιάστρια',
      status: 'pending',
      invitedBy: maria.uid,
    }),
  );
  const [mail] = await outboxTo('eleni@example.com');
  // karta's words alone in the subject: no company's free text.
  expect(mail.subject).toBe('Πρόσκληση για ψηφιακή κάρτα στην karta');
  expect(mail.replyTo).toBe('maria@studio.test');
  const lines = (mail.text as string).split('\n');
  expect(lines[0]).toBe('Γεια σας, Ελένη,');
  expect(mail.text).toContain('Η Μαρία Φωτίου σας προσκαλεί στην εταιρεία «Studio Φως» στην karta');
  expect(mail.text).toContain('ανοίξτε τον σύνδεσμο και εγγραφείτε με αυτή τη διεύθυνση email');
  expect(mail.text).toContain('ισχύει 7 ημέρες');
  const [toDimitris] = await outboxTo('dimitris@studio.test');
  expect((toDimitris.text as string).split('\n')[0]).toBe('Γεια σας, Δημήτρη,');
  expect(toDimitris.text).toContain(
    'ανοίξτε τον σύνδεσμο και συνδεθείτε με αυτή τη διεύθυνση email',
  );
  const token = /\/account\?invite=([^\s]+)/.exec(mail.text as string)?.[1] ?? '';
  expect(decodeURIComponent(token).startsWith(`${companyId}.`)).toBe(true);

  const again = await send(
    invite,
    invitesPath(),
    { id: companyId },
    {
      token: maria.token,
      json: { invites: [{ email: 'eleni@example.com' }] },
    },
  );
  expect(again.body).toEqual({
    sent: 0,
    refused: [{ email: 'eleni@example.com', error: INVITE_MESSAGES.invited }],
  });
  expect(await outboxTo('eleni@example.com')).toHaveLength(1);

  expect(
    await send(
      invite,
      invitesPath(),
      { id: companyId },
      {
        token: kostas.token,
        json: { invites: [{ email: 'x@example.com' }] },
      },
    ),
  ).toMatchObject({ status: 403, body: { error: 'not-admin' } });
  expect(await outboxTo('x@example.com')).toHaveLength(0);
});

test('invitations as a CSV file (Greek headers): bad rows by their line, good rows still go; an admin revokes one', async () => {
  const csv = [
    'email,Όνομα,Επώνυμο,Θέση',
    'alice@example.com,Alice,Smith,Designer',
    'not-an-email,Χ,Ψ,Ω',
    '',
    'bob@example.com,Bob,,',
    'alice@example.com,Alice,,',
  ].join('\n');
  const sent = await send(
    invite,
    invitesPath(),
    { id: companyId },
    {
      token: maria.token,
      body: csv,
      type: 'text/csv',
    },
  );
  expect(sent).toMatchObject({
    status: 201,
    body: {
      sent: 2,
      refused: [
        { line: 3, email: 'not-an-email', error: INVITE_MESSAGES.email },
        { line: 6, email: 'alice@example.com', error: INVITE_MESSAGES.repeated },
      ],
    },
  });
  expect(await outboxTo('alice@example.com')).toHaveLength(1);
  expect(await outboxTo('bob@example.com')).toHaveLength(1);
  const bob = await adminDb()
    .collection(`companies/${companyId}/invites`)
    .where('email', '==', 'bob@example.com')
    .get();
  expect(bob.docs[0].data()).toMatchObject({ firstName: 'Bob', status: 'pending' });
  expect(bob.docs[0].data().lastName).toBeUndefined();

  const headerless = await send(
    invite,
    invitesPath(),
    { id: companyId },
    {
      token: maria.token,
      body: 'carol@example.com,Carol',
      type: 'text/csv',
    },
  );
  expect(headerless).toMatchObject({ status: 400, body: { error: INVITE_MESSAGES.header } });

  const inviteId = bob.docs[0].id;
  const path = `${invitesPath()}/${inviteId}`;
  expect(
    await send(
      revoke,
      path,
      { id: companyId, inviteId },
      { token: kostas.token, method: 'DELETE' },
    ),
  ).toMatchObject({ status: 403 });
  expect(
    await send(revoke, path, { id: companyId, inviteId }, { token: maria.token, method: 'DELETE' }),
  ).toMatchObject({ status: 200 });
  expect((await bob.docs[0].ref.get()).get('status')).toBe('revoked');
});

test('a daily ceiling per account and per company: each invitation counts; a request over either is a Greek 429 and sends nothing', async () => {
  const accountCount = adminDb().doc(accountInviteQuotaPath(maria.uid));
  const companyCount = adminDb().doc(companyInviteQuotaPath(companyId));
  const today = athensDay(Date.now());
  const counted = (await accountCount.get()).data();
  // The invitations sent above, counted for both.
  expect(counted).toEqual({ day: today, count: 4 });
  expect((await companyCount.get()).data()).toEqual(counted);

  const rows = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@example.com` }));
  const ask = (invites: { email: string }[]) =>
    send(invite, invitesPath(), { id: companyId }, { token: maria.token, json: { invites } });
  const outboxSize = async () => (await adminDb().collection('outbox').get()).size;
  const before = await outboxSize();

  // One over what the account has left: all refused.
  const left = INVITES_PER_ACCOUNT_DAY - 4;
  const over = await ask(rows('over', left + 1));
  expect(over).toMatchObject({
    status: 429,
    body: {
      error: 'invite-quota',
      field: 'invites',
      message: `Κάθε λογαριασμός στέλνει έως ${INVITES_PER_ACCOUNT_DAY} προσκλήσεις την ημέρα· για σήμερα απομένουν ${left}. Στείλτε έως ${left} τώρα και τις υπόλοιπες αύριο. Δεν στάλθηκε καμία πρόσκληση.`,
    },
  });
  expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await outboxSize()).toBe(before);
  expect((await accountCount.get()).data()).toEqual({ day: today, count: 4 });

  // Exactly what is left: sent; then nothing is.
  expect(await ask(rows('fits', left))).toMatchObject({ status: 201, body: { sent: left } });
  expect((await accountCount.get()).data()).toEqual({ day: today, count: INVITES_PER_ACCOUNT_DAY });
  expect(await ask(rows('more', 1))).toMatchObject({
    status: 429,
    body: {
      message: `Κάθε λογαριασμός στέλνει έως ${INVITES_PER_ACCOUNT_DAY} προσκλήσεις την ημέρα και οι σημερινές εξαντλήθηκαν. Δοκιμάστε ξανά αύριο. Δεν στάλθηκε καμία πρόσκληση.`,
    },
  });

  // Yesterday's count is no count; the company's ceiling holds whichever admin asks.
  await accountCount.set({ day: '2000-01-01', count: INVITES_PER_ACCOUNT_DAY });
  await companyCount.set({ day: today, count: INVITES_PER_COMPANY_DAY - 1 });
  expect(await ask(rows('company', 2))).toMatchObject({
    status: 429,
    body: {
      message: `Κάθε εταιρεία στέλνει έως ${INVITES_PER_COMPANY_DAY} προσκλήσεις την ημέρα· για σήμερα απομένει μία. Στείλτε μία τώρα και τις υπόλοιπες αύριο. Δεν στάλθηκε καμία πρόσκληση.`,
    },
  });
  expect(await ask(rows('company', 1))).toMatchObject({ status: 201, body: { sent: 1 } });
  expect((await accountCount.get()).data()).toEqual({ day: today, count: 1 });
  expect((await companyCount.get()).data()).toEqual({ day: today, count: INVITES_PER_COMPANY_DAY });
});

test('a company named with a link before names were checked sends no invitation', async () => {
  const name = 'Eurobank: ο λογαριασμός σας κλειδώθηκε - https://evil.example/unlock';
  await company().update({ name });
  try {
    expect(
      await send(
        invite,
        invitesPath(),
        { id: companyId },
        { token: maria.token, json: { invites: [{ email: 'old-name@example.com' }] } },
      ),
    ).toMatchObject({
      status: 400,
      body: {
        field: 'name',
        error:
          'Το όνομα της εταιρείας δεν μπορεί να περιέχει διεύθυνση ιστοσελίδας ή email («https://evil.example/unlock»)',
      },
    });
    expect(await outboxTo('old-name@example.com')).toHaveLength(0);
  } finally {
    await company().update({ name: 'Studio Φως' });
  }
});
