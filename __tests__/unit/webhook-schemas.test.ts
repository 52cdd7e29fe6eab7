// The payloads' JSON Schemas (public/schemas/webhooks/, served at /schemas/webhooks/) against the
// payloads karta really builds: a lead from lib/lead-payload.ts in each of its states, a card from
// lib/card-payload.ts (full and bare), the console's test event; and their limits against the
// values the code holds, so that a change of either shows here.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { Timestamp } from 'firebase-admin/firestore';
import { cardPayload } from '@/lib/card-payload';
import { WEBHOOK_EVENTS } from '@/lib/deliveries';
import { leadPayload } from '@/lib/lead-payload';
import { LEAD_STATUSES } from '@/lib/lead-status';
import { LEAD_NOTE_MAX, LEAD_TAGS_MAX, LEAD_TAG_MAX } from '@/lib/lead-workflow';
import { normaliseProfile } from '@/lib/profile';
import { WEBHOOK_TEST_EVENT } from '@/lib/webhook-input';
import { testEventData, webhookPayload } from '@/lib/webhook-payload';

const DIR = path.join(process.cwd(), 'public/schemas/webhooks');
const schemas = Object.fromEntries(
  readdirSync(DIR).map((file) => [file, JSON.parse(readFileSync(path.join(DIR, file), 'utf8'))]),
) as Record<string, Record<string, unknown>>;

const ajv = new Ajv({ strict: true, allErrors: true });
addFormats(ajv);
for (const schema of Object.values(schemas)) ajv.addSchema(schema);

function problems(event: string, payload: unknown): string[] {
  const validate = ajv.getSchema(`${event}.json`);
  if (!validate) throw new Error(`no schema for ${event}`);
  return validate(payload)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const NOW = '2026-11-28T12:00:00.000Z';

test('every event a receiver may subscribe to, and the test event, has its schema', () => {
  for (const event of [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT]) {
    expect(schemas[`${event}.json`]).toBeDefined();
  }
});

const contact = {
  name: 'Γιώργος Παπαδόπουλος',
  email: 'giorgos@example.gr',
  phone: '+30 691 234 5678',
  message: 'Καλησπέρα',
  createdAt: Timestamp.fromDate(new Date(NOW)),
  ownerUid: 'never-sent',
  status: 'won',
  note: 'Κλείσαμε ραντεβού.\nΤρίτη 10:00',
  tags: ['VIP', 'έκθεση'],
};

test.each(['lead.created', 'lead.updated', 'lead.deleted'] as const)(
  '%s: the lead as lib/lead-payload.ts builds it',
  (event) => {
    for (const data of [
      leadPayload('maria', 'c1', contact),
      // Just left: no workflow yet, no phone, the server's time still pending.
      leadPayload('maria', 'c2', { name: 'Άννα', email: 'anna@example.gr', createdAt: null }),
    ]) {
      expect(problems(event, webhookPayload(event, NOW, data))).toEqual([]);
    }
    // The schema is strict: a field of karta's own would not pass.
    const leaked = { ...leadPayload('maria', 'c1', contact), ownerUid: 'x' };
    expect(problems(event, webhookPayload(event, NOW, leaked))).not.toEqual([]);
    expect(
      problems(event, webhookPayload('card.updated', NOW, leadPayload('m', 'c', contact))),
    ).not.toEqual([]);
  },
);

test('card.updated: the card as lib/card-payload.ts builds it, full and bare', () => {
  const full = normaliseProfile('maria', {
    firstName: 'Μαρία',
    lastName: 'Κ.',
    jobTitle: 'Αρχιτέκτων',
    companyName: 'Studio',
    email: 'maria@example.gr',
    phoneNumber: '2101234567',
    websiteLink: 'https://studio.example.gr',
    displayImage: '/maria/photo/AbCdEf0123456789',
  });
  const bare = normaliseProfile('nikos', {});
  for (const profile of [full, bare]) {
    expect(
      problems('card.updated', webhookPayload('card.updated', NOW, { ...cardPayload(profile) })),
    ).toEqual([]);
  }
  expect(cardPayload(full)).toMatchObject({
    username: 'maria',
    jobTitle: 'Αρχιτέκτων',
    website: 'https://studio.example.gr/',
  });
});

test('webhook.test: the console’s test event', () => {
  expect(
    problems(WEBHOOK_TEST_EVENT, webhookPayload(WEBHOOK_TEST_EVENT, NOW, testEventData('e1'))),
  ).toEqual([]);
});

test('the lead schema’s limits are the workflow’s', () => {
  const lead = schemas['lead.json'] as { properties: Record<string, Record<string, unknown>> };
  expect(lead.properties.status.enum).toEqual([...LEAD_STATUSES]);
  expect(lead.properties.note.maxLength).toBe(LEAD_NOTE_MAX);
  expect(lead.properties.tags.maxItems).toBe(LEAD_TAGS_MAX);
  expect((lead.properties.tags.items as Record<string, unknown>).maxLength).toBe(LEAD_TAG_MAX);
});
