// A lead's workflow through karta's routes (issue 48): PATCH { status?, note?, tags? } on the
// owner's contact and on the company's lead, each change with its lead.updated event recorded in
// the same transaction, each deletion with its lead.deleted; who may (the card's owner, the
// company's admins) and who may not (a member through the company's route, another card's owner);
// bad input refused naming the field, with nothing written, neither the lead nor an event.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { HOOK_EVENTS_COLLECTION } from '@/lib/collections';
import type { HookEventDoc } from '@/lib/deliveries';
import { leadPayload } from '@/lib/lead-payload';
import {
  LEAD_FIELD_UNKNOWN,
  LEAD_NOTE_MAX,
  LEAD_NOTE_TOO_LONG,
  LEAD_TAGS_MAX,
  LEAD_TAGS_TOO_MANY,
} from '@/lib/lead-workflow';
import { adminDb } from '@/server/firebase/admin-app';
import { POST as create } from '@/app/api/owner/companies/route';
import {
  DELETE as deleteLead,
  PATCH as changeLead,
} from '@/app/api/owner/companies/[id]/contacts/[username]/[contactId]/route';
import {
  DELETE as deleteOwn,
  PATCH as changeOwn,
} from '@/app/api/owner/cards/[username]/contacts/[id]/route';
import { account, send, type Account } from '../helpers/company-api';
import { claimCard, companyApiFile } from '../helpers/company-api-file';

const PROJECT = 'demo-karta-lead-workflow';

let maria: Account;
let kostas: Account;
let olga: Account;
let companyId: string;

companyApiFile(PROJECT);

beforeAll(async () => {
  [maria, kostas, olga] = await Promise.all([
    account('maria@workflow.test'),
    account('kostas@workflow.test'),
    account('olga@workflow.test'),
  ]);
  for (const [who, username] of [
    [maria, 'maria-wf'],
    [kostas, 'kostas-wf'],
    [olga, 'olga-wf'],
  ] as const) {
    expect(await claimCard(who, username, { firstName: 'Όνομα', lastName: 'Επώνυμο' })).toBe(201);
  }
  const created = await send(
    create,
    '/api/owner/companies',
    {},
    { token: maria.token, json: { name: 'Studio Ροή' } },
  );
  companyId = (created.body as { id: string }).id;
  // Kostas's card a member card of Maria's company (the invitation's flow is company-join's).
  await adminDb()
    .doc(`companies/${companyId}`)
    .update({ memberUids: FieldValue.arrayUnion(kostas.uid) });
  await adminDb()
    .doc('users/kostas-wf')
    .update({ companyId, companyJoinedAt: Timestamp.fromMillis(Date.now() - 60_000) });
});

afterAll(async () => {
  const db = adminDb();
  await db.recursiveDelete(db.collection(HOOK_EVENTS_COLLECTION));
});

/** A visitor's contact on `username`: its id. */
async function leaveContact(username: string, name: string): Promise<string> {
  const ref = await adminDb()
    .collection(`users/${username}/contacts`)
    .add({
      name,
      email: 'visitor@example.gr',
      phone: '+30 691 000 0000',
      createdAt: FieldValue.serverTimestamp(),
      leadMail: { state: 'sent' },
    });
  return ref.id;
}

const stored = async (username: string, id: string) =>
  (await adminDb().doc(`users/${username}/contacts/${id}`).get()).data();

/** The events recorded about the lead `id`, oldest first. */
async function eventsOf(id: string): Promise<HookEventDoc[]> {
  const events = await adminDb()
    .collection(HOOK_EVENTS_COLLECTION)
    .where('data.id', '==', id)
    .get();
  return events.docs
    .map((doc) => doc.data() as HookEventDoc)
    .sort((a, b) => a.at.localeCompare(b.at));
}

const own = (who: Account, username: string, id: string, json: unknown, method = 'PATCH') =>
  send(
    method === 'PATCH' ? changeOwn : deleteOwn,
    `/api/owner/cards/${username}/contacts/${id}`,
    { username, id },
    { token: who.token, method, ...(method === 'PATCH' ? { json } : {}) },
  );

const asAdmin = (who: Account, username: string, id: string, json: unknown, method = 'PATCH') =>
  send(
    method === 'PATCH' ? changeLead : deleteLead,
    `/api/owner/companies/${companyId}/contacts/${username}/${id}`,
    { id: companyId, username, contactId: id },
    { token: who.token, method, ...(method === 'PATCH' ? { json } : {}) },
  );

test('the owner sets status, note and tags; each change records lead.updated with the lead as it now is', async () => {
  const id = await leaveContact('olga-wf', 'Ελένη');
  const changed = await own(olga, 'olga-wf', id, {
    status: 'contacted',
    note: '  Κάλεσε την Τρίτη\r\nστις 10 ',
    tags: ['VIP', ' vip ', 'έκθεση'],
  });
  expect(changed).toMatchObject({
    status: 200,
    body: {
      ok: true,
      status: 'contacted',
      note: 'Κάλεσε την Τρίτη\nστις 10',
      tags: ['VIP', 'έκθεση'],
    },
  });
  const doc = await stored('olga-wf', id);
  expect(doc).toMatchObject({
    status: 'contacted',
    note: 'Κάλεσε την Τρίτη\nστις 10',
    tags: ['VIP', 'έκθεση'],
  });

  // A change of one field leaves the others.
  expect(await own(olga, 'olga-wf', id, { status: 'won' })).toMatchObject({
    status: 200,
    body: { status: 'won', note: 'Κάλεσε την Τρίτη\nστις 10', tags: ['VIP', 'έκθεση'] },
  });

  const events = await eventsOf(id);
  expect(events.map((e) => [e.type, e.username, e.companyId, e.data.status])).toEqual([
    ['lead.updated', 'olga-wf', null, 'contacted'],
    ['lead.updated', 'olga-wf', null, 'won'],
  ]);
  // The data is the receivers' one shape: nothing of karta's own (the mailer's state, the uid).
  expect(events[1].data).toEqual(leadPayload('olga-wf', id, (await stored('olga-wf', id)) ?? {}));
  expect(events[1].data).not.toHaveProperty('leadMail');
  expect(JSON.stringify(events)).not.toContain(olga.uid);
});

test('bad input is refused naming the field, and nothing is written: neither the lead nor an event', async () => {
  const id = await leaveContact('olga-wf', 'Νίκος');
  expect((await own(olga, 'olga-wf', id, { status: 'lost', note: 'Πρώτη' })).status).toBe(200);
  const before = await stored('olga-wf', id);

  expect(
    await own(olga, 'olga-wf', id, { status: 'won', note: 'α'.repeat(LEAD_NOTE_MAX + 1) }),
  ).toMatchObject({ status: 400, body: { field: 'note', error: LEAD_NOTE_TOO_LONG } });
  const tooMany = Array.from({ length: LEAD_TAGS_MAX + 1 }, (_, i) => `ετικέτα ${i}`);
  expect(await own(olga, 'olga-wf', id, { note: 'Άλλη', tags: tooMany })).toMatchObject({
    status: 400,
    body: { field: 'tags', error: LEAD_TAGS_TOO_MANY },
  });
  expect(await own(olga, 'olga-wf', id, { status: 'τίποτα' })).toMatchObject({
    status: 400,
    body: { field: 'status' },
  });
  expect(await own(olga, 'olga-wf', id, { email: 'changed@example.gr' })).toMatchObject({
    status: 400,
    body: { field: 'email', error: LEAD_FIELD_UNKNOWN },
  });
  expect(await asAdmin(maria, 'kostas-wf', id, { tags: tooMany })).toMatchObject({
    status: 400,
    body: { field: 'tags' },
  });

  expect(await stored('olga-wf', id)).toEqual(before);
  expect((await eventsOf(id)).length).toBe(1);
});

test('another card’s owner is refused 403, a lead of no card 404; nothing written', async () => {
  const id = await leaveContact('olga-wf', 'Σοφία');
  expect(await own(maria, 'olga-wf', id, { note: 'Δική μου' })).toMatchObject({
    status: 403,
    body: { error: 'not-owner' },
  });
  // Through her own card's path, the contact is not there.
  expect(await own(maria, 'maria-wf', id, { note: 'Δική μου' })).toMatchObject({
    status: 404,
    body: { error: 'no-contact' },
  });
  expect(await own(maria, 'olga-wf', id, null, 'DELETE')).toMatchObject({ status: 403 });
  expect(await stored('olga-wf', id)).not.toHaveProperty('note');
  expect(await eventsOf(id)).toEqual([]);
});

test('a company’s lead: an admin changes it through the company’s route, the member through their own; a member is refused the company’s route; its events name the company', async () => {
  const id = await leaveContact('kostas-wf', 'Άννα');
  expect(
    await asAdmin(maria, 'kostas-wf', id, { tags: ['Έκθεση'], note: 'Από το περίπτερο' }),
  ).toMatchObject({
    status: 200,
    body: { status: 'new', note: 'Από το περίπτερο', tags: ['Έκθεση'] },
  });
  expect(await asAdmin(kostas, 'kostas-wf', id, { note: 'Όχι' })).toMatchObject({
    status: 403,
    body: { error: 'not-admin' },
  });
  expect(await asAdmin(olga, 'kostas-wf', id, { note: 'Όχι' })).toMatchObject({
    status: 403,
    body: { error: 'not-admin' },
  });
  // The member is the one who calls the person back: their own card's route lets them.
  expect(await own(kostas, 'kostas-wf', id, { status: 'contacted' })).toMatchObject({
    status: 200,
    body: { status: 'contacted', note: 'Από το περίπτερο', tags: ['Έκθεση'] },
  });
  expect(await stored('kostas-wf', id)).toMatchObject({
    status: 'contacted',
    note: 'Από το περίπτερο',
    tags: ['Έκθεση'],
  });
  const events = await eventsOf(id);
  expect(events.map((e) => [e.type, e.username, e.companyId])).toEqual([
    ['lead.updated', 'kostas-wf', companyId],
    ['lead.updated', 'kostas-wf', companyId],
  ]);

  // Deleted by an admin: lead.deleted carries the lead as it last was.
  expect((await asAdmin(maria, 'kostas-wf', id, null, 'DELETE')).status).toBe(200);
  expect(await stored('kostas-wf', id)).toBeUndefined();
  const deleted = (await eventsOf(id)).find((e) => e.type === 'lead.deleted');
  expect(deleted).toMatchObject({
    username: 'kostas-wf',
    companyId,
    data: { id, card: 'kostas-wf', name: 'Άννα', status: 'contacted', tags: ['Έκθεση'] },
  });
  // Gone already: no error, and no second event.
  expect((await asAdmin(maria, 'kostas-wf', id, null, 'DELETE')).status).toBe(200);
  expect((await eventsOf(id)).filter((e) => e.type === 'lead.deleted')).toHaveLength(1);
});

test('the owner’s deletion records lead.deleted in its transaction', async () => {
  const id = await leaveContact('olga-wf', 'Πέτρος');
  expect((await own(olga, 'olga-wf', id, { note: 'Τελευταία' })).status).toBe(200);
  expect((await own(olga, 'olga-wf', id, null, 'DELETE')).status).toBe(200);
  expect(await stored('olga-wf', id)).toBeUndefined();
  expect((await eventsOf(id)).map((e) => [e.type, e.data.note])).toEqual([
    ['lead.updated', 'Τελευταία'],
    ['lead.deleted', 'Τελευταία'],
  ]);
  // A change to a lead gone is 404, with no event.
  expect(await own(olga, 'olga-wf', id, { note: 'x' })).toMatchObject({ status: 404 });
  expect(await eventsOf(id)).toHaveLength(2);
});
