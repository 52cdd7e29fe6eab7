// Nothing lost by the delivery outbox (issue 48), against the real Firestore emulator and real
// receivers on loopback that verify each request with `standardwebhooks`' `verify`: the daemon
// (`npm run watch`, a child process) killed with SIGKILL in the middle of 1,000 leads' deliveries
// and started again delivers every one, and a lead that arrives twice carries the same webhook-id
// both times; a receiver that is down for the first 60 s still gets every event once it is up.
import { deleteApp, getApps } from 'firebase-admin/app';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { eventIdOf } from '@/daemon/deliveries/fan-out-cards';
import { startFanOut } from '@/daemon/deliveries/fan-out-start';
import { webhookChannel } from '@/daemon/deliveries/webhook-channel';
import { startDeliveries } from '@/daemon/deliveries/worker';
import {
  CONTACTS_COLLECTION,
  DELIVERIES_COLLECTION,
  LEAD_HOOKS_FIELD,
  cardPath,
  contactsPath,
} from '@/lib/collections';
import { DELIVERY_RETRY_MS } from '@/lib/deliveries';
import { adminDb } from '@/server/firebase/admin-app';
import { cardChanged } from '@/server/card-stamp';
import { localFirebaseEnv } from '@/tools/lib/local-env';
import { startDaemon, type RunningDaemon } from '@/tools/lib/stack';
import { registeredReceiver, type Receiver } from '@/tools/lib/webhook-receiver';
import { ceiling, eventually, TEST_MS, WAIT_MS } from '../helpers/eventually';

const PROJECT = 'demo-karta-nothing-lost';
process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID = PROJECT;
// The daemon opens the endpoints' secrets this test sealed: the same key on both sides.
process.env.REVALIDATE_SECRET ??= 'nothing-lost-test';

const LEADS = 1000;
const logs: string[] = [];
const receivers: Receiver[] = [];
const daemons: RunningDaemon[] = [];
let db: Firestore;

beforeAll(() => {
  db = adminDb();
});

afterAll(async () => {
  await Promise.all(daemons.map((daemon) => daemon.stop()));
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await Promise.all(getApps().map((app) => deleteApp(app)));
});

/** What the outbox holds, for a failure's message: deliveries by state, leads fanned out, logs. */
async function outboxState(): Promise<string> {
  const deliveries = await db.collection(DELIVERIES_COLLECTION).get();
  const states = new Map<string, number>();
  for (const doc of deliveries.docs) {
    const key = `${String(doc.get('state'))}${doc.get('lease') ? ' leased' : ''}`;
    states.set(key, (states.get(key) ?? 0) + 1);
  }
  const marked = await db
    .collectionGroup(CONTACTS_COLLECTION)
    .where(LEAD_HOOKS_FIELD, '!=', null)
    .count()
    .get();
  return `deliveries ${JSON.stringify([...states])}, leads fanned out ${marked.data().count}; logs: ${logs.slice(-10).join(' | ')}`;
}

/** `npm run watch` on this file's project, with no site to revalidate and no mail. */
async function daemon(): Promise<RunningDaemon> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...localFirebaseEnv(PROJECT, process.env.FIRESTORE_EMULATOR_HOST as string),
    SMTP_URL: '',
  };
  const running = await startDaemon(env, {
    siteUrl: 'http://127.0.0.1:9',
    log: (line) => logs.push(line),
  });
  daemons.push(running);
  return running;
}

test(
  'the daemon killed in the middle of 1,000 deliveries and started again delivers every lead, each repeat with the same webhook-id',
  async () => {
    await db.doc(cardPath('kira')).set({ username: 'kira', firstName: 'Κίρα' });
    const receiver = await registeredReceiver(db, { scope: 'card', username: 'kira' }, [
      'lead.created',
    ]);
    receivers.push(receiver);
    const first = await daemon();
    const paths: string[] = [];
    for (let start = 0; start < LEADS; start += 500) {
      const batch = db.batch();
      for (let i = start; i < start + 500; i++) {
        const ref = db.collection(contactsPath('kira')).doc();
        paths.push(ref.path);
        batch.set(ref, {
          name: `Επαφή ${i}`,
          email: `lead${i}@example.gr`,
          createdAt: FieldValue.serverTimestamp(),
        });
      }
      await batch.commit();
    }
    const distinct = () => new Set(receiver.accepted.map((a) => a.id)).size;
    await eventually(() => distinct() >= 50, { what: 'the first deliveries' });
    await first.kill();
    const atKill = distinct();
    // In the middle: some delivered, not all.
    expect(atKill).toBeLessThan(LEADS);
    const second = await daemon();
    // The killed daemon's leases (4 × the 15 s deadline) lapse before its deliveries are taken over.
    await eventually(() => distinct() === LEADS, {
      within: 4 * WAIT_MS,
      what: 'every lead delivered',
    }).catch(async (error: Error) => {
      throw new Error(`${error.message}; ${distinct()} of ${LEADS}; ${await outboxState()}`);
    });
    expect(receiver.refused).toBe(0);
    // Each lead under the one id its contact gives, on every arrival, repeats included.
    const expected = new Map(
      paths.map((path) => [path.split('/').pop(), eventIdOf('lead.created', path)]),
    );
    for (const arrival of receiver.accepted) {
      expect(arrival.id).toBe(expected.get(String(arrival.data.id)));
    }
    expect(new Set(receiver.accepted.map((a) => a.id))).toEqual(new Set(expected.values()));
    await second.stop();
  },
  ceiling(3 * TEST_MS),
);

test(
  'a receiver down for the first 60 s gets every event once it is up',
  async () => {
    await db
      .doc(cardPath('dimos'))
      .set({ username: 'dimos', firstName: 'Δήμος', ...cardChanged() });
    const receiver = await registeredReceiver(
      db,
      { scope: 'card', username: 'dimos' },
      ['lead.created', 'card.updated'],
      { down: true },
    );
    receivers.push(receiver);
    // The production schedule a hundred times faster (0.05 s, 3 s, 18 s, 72 s, …): attempts at
    // about 0, 3, 21 and 93 s, the fourth after the receiver is back.
    const channels = [webhookChannel({ accountEmail: async () => null, allowLoopback: true })];
    const worker = startDeliveries({
      db,
      channels,
      log: (line) => logs.push(line),
      retryDelayMs: (attempts) => {
        const wait = attempts < 1 ? 0 : DELIVERY_RETRY_MS[attempts - 1];
        return wait === undefined ? null : wait / 100;
      },
    });
    const fanOut = startFanOut({ db, channels, handover: worker, log: (line) => logs.push(line) });
    try {
      await Promise.all([worker.ready, fanOut.ready]);
      const down = Date.now();
      const leads = [];
      for (let i = 0; i < 10; i++) {
        leads.push(
          await db.collection(contactsPath('dimos')).add({
            name: `Επαφή ${i}`,
            email: `down${i}@example.gr`,
            createdAt: FieldValue.serverTimestamp(),
          }),
        );
      }
      // Down for its first 60 s: a wait for the clock is the behaviour under test here.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, down + 60_000 - Date.now())));
      expect(receiver.accepted).toEqual([]);
      await receiver.up();
      const ids = new Set([...leads.map((ref) => eventIdOf('lead.created', ref.path))]);
      await eventually(
        () => {
          const got = new Set(receiver.accepted.map((a) => a.id));
          return (
            [...ids].every((id) => got.has(id)) &&
            receiver.accepted.some((a) => a.type === 'card.updated')
          );
        },
        { within: 2 * WAIT_MS, what: 'every event after the receiver came up' },
      );
      expect(receiver.refused).toBe(0);
    } finally {
      await fanOut.stop();
      await worker.stop();
    }
  },
  ceiling(2 * TEST_MS),
);
