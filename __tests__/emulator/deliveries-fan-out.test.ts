// Fan-out (daemon/deliveries/fan-out*.ts) with the delivery worker and the webhook channel, against
// the real Firestore emulator (its rules on for the visitor) and real receivers on loopback that
// verify each request with `standardwebhooks`' `verify`: an event the server records reaches the
// card's endpoint and its company's, and not an endpoint that did not subscribe to it; a re-run of
// fan-out creates nothing twice; a visitor's contact written through the web SDK reaches the
// receivers as lead.created, under an id of the contact's; an edit fans out card.updated; a
// switch-off and an erasure fan out card.voided to the passes' channels, and an erasure deletes the
// card's endpoints and its webhook deliveries; a daemon stopped while a card is edited fans the
// edit out when it starts again.
import { deleteApp, getApps } from 'firebase-admin/app';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { addDoc, collection } from 'firebase/firestore';
import type { DeliveryChannel } from '@/daemon/deliveries/channel';
import { eventIdOf } from '@/daemon/deliveries/fan-out-cards';
import { fanOutRecorded } from '@/daemon/deliveries/fan-out-events';
import { fanOutLead } from '@/daemon/deliveries/fan-out-leads';
import { startFanOut, type FanOut } from '@/daemon/deliveries/fan-out-start';
import { webhookChannel } from '@/daemon/deliveries/webhook-channel';
import { startDeliveries, type DeliveryWorker } from '@/daemon/deliveries/worker';
import { followErasures } from '@/daemon/cleanup/erasures';
import {
  COMPANY_FIELD,
  DELIVERIES_COLLECTION,
  HOOK_EVENTS_COLLECTION,
  HOOKS_PENDING_FIELD,
  LEAD_HOOKS_FIELD,
  OFF_FIELD,
  WEBHOOK_ENDPOINTS_COLLECTION,
  cardPath,
  contactsPath,
  erasurePath,
} from '@/lib/collections';
import type { HookEventDoc } from '@/lib/deliveries';
import { recordHookEvent } from '@/server/deliveries/events';
import { adminDb } from '@/server/firebase/admin-app';
import { cardChanged } from '@/server/card-stamp';
import { eventually } from '../helpers/eventually';
import { rulesFile } from '../helpers/rules';
import { visitorContact } from '../helpers/visitor-contact';
import { registeredReceiver, type Receiver } from '@/tools/lib/webhook-receiver';

const PROJECT = 'demo-karta-fan-out';
process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID = PROJECT;
const rules = rulesFile(PROJECT);

const logs: string[] = [];
const log = (line: string) => logs.push(line);
const receivers: Receiver[] = [];
let db: Firestore;

/** The passes' channels as fan-out meets them: every card event has one destination, recorded. */
const passEvents: Array<HookEventDoc & { id: string }> = [];
const passChannel: DeliveryChannel = {
  kind: 'apns',
  destinationsOf: async (_db, event) => {
    passEvents.push(event);
    return event.type.startsWith('card.') ? [{ destination: 'device-1', payload: {} }] : [];
  },
  send: async () => ({ ok: true, status: 200 }),
};
const channels = () => [
  webhookChannel({ accountEmail: async () => null, allowLoopback: true, log }),
  passChannel,
];

interface Daemon {
  worker: DeliveryWorker;
  fanOut: FanOut;
  stop(): Promise<void>;
}
const running = new Set<Daemon>();

/** The outbox's part of the daemon: the worker and fan-out beside it, as daemon/start.ts wires them. */
async function startDaemon(): Promise<Daemon> {
  const all = channels();
  const worker = startDeliveries({ db, channels: all, log });
  const fanOut = startFanOut({ db, channels: all, handover: worker, log, retryMs: 500 });
  const daemon: Daemon = {
    worker,
    fanOut,
    stop: async () => {
      running.delete(daemon);
      await fanOut.stop();
      await worker.stop();
    },
  };
  running.add(daemon);
  await Promise.all([worker.ready, fanOut.ready]);
  return daemon;
}

async function receiverFor(
  scope: Parameters<typeof registeredReceiver>[1],
  events: Parameters<typeof registeredReceiver>[2],
): Promise<Receiver & { endpoint: string }> {
  const receiver = await registeredReceiver(db, scope, events);
  receivers.push(receiver);
  return receiver;
}

/** A card as the server writes one. */
async function card(username: string, fields: Record<string, unknown> = {}): Promise<void> {
  await db
    .doc(cardPath(username))
    .set({ username, firstName: 'Άννα', ...fields, ...cardChanged() });
}

const deliveriesOf = async (username: string) =>
  (await db.collection(DELIVERIES_COLLECTION).where('username', '==', username).get()).docs;

/** Until fan-out has cleared the card's flag: its card event fanned out. */
const fannedOut = (username: string) =>
  eventually(
    async () => (await db.doc(cardPath(username)).get()).get(HOOKS_PENDING_FIELD) === undefined,
    {
      what: `${username}'s card event fanned out`,
    },
  );

beforeAll(() => {
  db = adminDb();
});

afterEach(async () => {
  await Promise.all([...running].map((daemon) => daemon.stop()));
});

afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await Promise.all(getApps().map((app) => deleteApp(app)));
});

test('an event the server records reaches the card’s endpoint and its company’s, not one that did not subscribe to it', async () => {
  await card('rena', { [COMPANY_FIELD]: 'studio-rena' });
  const own = await receiverFor({ scope: 'card', username: 'rena' }, ['lead.updated']);
  const company = await receiverFor({ scope: 'company', companyId: 'studio-rena' }, [
    'lead.updated',
  ]);
  const other = await receiverFor({ scope: 'card', username: 'rena' }, ['lead.created']);
  await startDaemon();
  const batch = db.batch();
  const id = recordHookEvent(db, batch, {
    type: 'lead.updated',
    username: 'rena',
    companyId: 'studio-rena',
    data: { id: 'c1', name: 'Ελένη', status: 'won' },
  });
  await batch.commit();
  await eventually(() => own.accepted.length === 1 && company.accepted.length === 1);
  for (const receiver of [own, company]) {
    expect(receiver.accepted[0]).toMatchObject({
      id,
      type: 'lead.updated',
      data: { id: 'c1', status: 'won' },
    });
    expect(receiver.refused).toBe(0);
  }
  await eventually(async () => (await db.collection(HOOK_EVENTS_COLLECTION).get()).empty);
  expect(other.accepted).toEqual([]);
});

test('fan-out run again, or twice at once, creates each delivery once', async () => {
  await card('iris');
  await receiverFor({ scope: 'card', username: 'iris' }, ['lead.updated', 'lead.created']);
  // No daemon: the runs are called as a daemon restarted after a crash would call them.
  const batch = db.batch();
  const id = recordHookEvent(db, batch, {
    type: 'lead.updated',
    username: 'iris',
    companyId: null,
    data: { id: 'c2' },
  });
  await batch.commit();
  const event = await db.doc(`${HOOK_EVENTS_COLLECTION}/${id}`).get();
  const all = [webhookChannel({ accountEmail: async () => null, allowLoopback: true, log })];
  const made = await Promise.all([
    fanOutRecorded(db, all, event as never),
    fanOutRecorded(db, all, event as never),
  ]);
  expect(made.flat()).toHaveLength(1);
  expect(await fanOutRecorded(db, all, event as never)).toEqual([]);
  const contact = await db.collection(contactsPath('iris')).add({
    name: 'Νίκος',
    email: 'nikos@example.gr',
    createdAt: FieldValue.serverTimestamp(),
  });
  const leads = await Promise.all([fanOutLead(db, all, contact), fanOutLead(db, all, contact)]);
  expect(leads.flat()).toHaveLength(1);
  expect(await fanOutLead(db, all, contact)).toEqual([]);
  // A crash after the deliveries and before the mark: the mark undone, the run finds them made.
  await contact.update({ [LEAD_HOOKS_FIELD]: FieldValue.delete() });
  expect(await fanOutLead(db, all, contact)).toEqual([]);
  expect((await contact.get()).get(LEAD_HOOKS_FIELD)).toBeDefined();
  expect((await deliveriesOf('iris')).map((d) => d.get('type')).sort()).toEqual([
    'lead.created',
    'lead.updated',
  ]);
});

test('a visitor’s contact, written through the rules, reaches the receivers as lead.created under an id of the contact’s', async () => {
  await card('vera', { [COMPANY_FIELD]: 'studio-vera' });
  const own = await receiverFor({ scope: 'card', username: 'vera' }, ['lead.created']);
  const company = await receiverFor({ scope: 'company', companyId: 'studio-vera' }, [
    'lead.created',
  ]);
  await startDaemon();
  const visitor = rules.dbAs('anonymous');
  const written = await addDoc(
    collection(visitor, contactsPath('vera')),
    visitorContact({ name: 'Σοφία Κ.', email: 'sofia@example.gr' }),
  );
  await eventually(() => own.accepted.length === 1 && company.accepted.length === 1);
  const id = eventIdOf('lead.created', `${contactsPath('vera')}/${written.id}`);
  for (const receiver of [own, company]) {
    expect(receiver.accepted[0]).toMatchObject({
      id,
      type: 'lead.created',
      data: { id: written.id, card: 'vera', name: 'Σοφία Κ.', email: 'sofia@example.gr' },
    });
  }
  expect(own.accepted[0].data).not.toHaveProperty(LEAD_HOOKS_FIELD);
});

test('an edit fans out card.updated; a switch-off card.voided to the passes', async () => {
  await card('lina');
  const own = await receiverFor({ scope: 'card', username: 'lina' }, ['card.updated']);
  await startDaemon();
  await fannedOut('lina');
  await db.doc(cardPath('lina')).update({ jobTitle: 'Αρχιτέκτων', ...cardChanged() });
  const updated = await eventually(() =>
    own.accepted.find((a) => a.data.jobTitle === 'Αρχιτέκτων'),
  );
  expect(updated).toMatchObject({ type: 'card.updated', data: { username: 'lina' } });
  expect(updated.data).not.toHaveProperty(HOOKS_PENDING_FIELD);
  await db
    .doc(cardPath('lina'))
    .update({ [OFF_FIELD]: FieldValue.serverTimestamp(), ...cardChanged() });
  await eventually(() => passEvents.find((e) => e.username === 'lina' && e.type === 'card.voided'));
  await fannedOut('lina');
  expect(
    (await deliveriesOf('lina')).filter((d) => d.get('kind') === 'apns').map((d) => d.get('type')),
  ).toContain('card.voided');
});

test('an erasure voids the passes and deletes the card’s endpoints and its webhook deliveries', async () => {
  await card('mira', { [COMPANY_FIELD]: 'studio-mira' });
  const own = await receiverFor({ scope: 'card', username: 'mira' }, ['lead.created']);
  const company = await receiverFor({ scope: 'company', companyId: 'studio-mira' }, [
    'lead.created',
  ]);
  await startDaemon();
  await db.collection(contactsPath('mira')).add({
    name: 'Πέτρος',
    email: 'petros@example.gr',
    createdAt: FieldValue.serverTimestamp(),
  });
  await eventually(() => own.accepted.length === 1 && company.accepted.length === 1);
  expect((await deliveriesOf('mira')).filter((d) => d.get('kind') === 'webhook')).toHaveLength(2);
  // The owner's erasure batch: the card gone, the tombstone left.
  const batch = db.batch();
  batch.delete(db.doc(cardPath('mira')));
  batch.set(db.doc(erasurePath('mira')), { at: FieldValue.serverTimestamp() });
  await batch.commit();
  const erasures = followErasures({ db, log, revalidate: async () => {}, retryLaterMs: 500 });
  try {
    await eventually(async () => !(await db.doc(erasurePath('mira')).get()).exists);
  } finally {
    await erasures.stop();
  }
  const endpoints = await db.collection(WEBHOOK_ENDPOINTS_COLLECTION).get();
  expect(endpoints.docs.map((d) => d.id)).not.toContain(own.endpoint);
  expect(endpoints.docs.map((d) => d.id)).toContain(company.endpoint);
  await eventually(() => passEvents.find((e) => e.username === 'mira' && e.type === 'card.voided'));
  await eventually(async () => {
    const left = await deliveriesOf('mira');
    expect(left.filter((d) => d.get('kind') === 'webhook')).toEqual([]);
    expect(left.map((d) => d.get('type'))).toContain('card.voided');
    return true;
  });
});

test('a daemon stopped while a card is edited fans the edit out when it starts again', async () => {
  await card('dora');
  const own = await receiverFor({ scope: 'card', username: 'dora' }, ['card.updated']);
  const first = await startDaemon();
  await fannedOut('dora');
  await eventually(() => own.accepted.length >= 1);
  await first.stop();
  own.accepted.length = 0;
  await db.doc(cardPath('dora')).update({ city: 'Βόλος', ...cardChanged() });
  expect((await db.doc(cardPath('dora')).get()).get(HOOKS_PENDING_FIELD)).toBe(true);
  await startDaemon();
  await eventually(() => own.accepted.find((a) => a.data.city === 'Βόλος'));
  await fannedOut('dora');
});
