// Leads to one webhook endpoint: 10,000 contacts written one by one on one card, at a steady rate,
// as visitors' sheets write them (one document each, createdAt the server's time), on an emulator
// of its own, with the delivery outbox's part of the daemon (fan-out and the worker, with the
// webhook channel) in this process and a receiver on loopback that verifies every request with
// `standardwebhooks`. Measured: from each lead's write (its createdAt) to its arrival at the
// receiver, p50 and p95, and the leads that never arrived.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { setTimeout as sleep } from 'node:timers/promises';
import { startFanOut } from '../../daemon/deliveries/fan-out-start';
import { webhookChannel } from '../../daemon/deliveries/webhook-channel';
import { startDeliveries } from '../../daemon/deliveries/worker';
import { cardPath, contactsPath } from '../../lib/collections';
import { startEmulator } from '../../tools/lib/emulator';
import { registeredReceiver } from '../../tools/lib/webhook-receiver';
import { notRunRow, partRow, type BudgetRow } from './budgets';
import { ms, percentile, whole } from './stats';

const PROJECT = 'demo-karta-bench-webhooks';
const CARD = 'leads';
/** Leads written each second: a busy fair's stand, many times over. */
const PER_SECOND = 100;
/** Writes in flight at once. */
const WRITERS = 20;
/** After the last write, how long the count may stand still before the rest count as lost. */
const STILL_MS = 60_000;

export const WEBHOOKS_BUDGETS = { p50Ms: 2_000, lost: 0 };

export interface WebhooksResult {
  leads: number;
  writeMs: number;
  /** Write → arrival at the receiver, one per lead that arrived (its first arrival). */
  delaysMs: number[];
  lost: number;
  /** Arrivals beyond the first of a lead (the same webhook-id): at least once allows them. */
  repeats: number;
  refused: number;
}

export async function measureWebhooks(options: {
  leads: number;
  addCleanup: (cleanup: () => Promise<void>) => void;
}): Promise<WebhooksResult> {
  const { leads, addCleanup } = options;
  const emulator = await startEmulator({ projectId: PROJECT });
  addCleanup(() => emulator.stop());
  process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
  // The endpoint's secret is sealed and opened in this process: any key does.
  process.env.REVALIDATE_SECRET ??= 'bench-webhooks';
  const app = initializeApp({ projectId: PROJECT }, 'bench-webhooks');
  addCleanup(() => deleteApp(app));
  const db = getFirestore(app);
  await db.doc(cardPath(CARD)).set({ username: CARD, firstName: 'Πολλές' });
  const receiver = await registeredReceiver(db, { scope: 'card', username: CARD }, [
    'lead.created',
  ]);
  addCleanup(() => receiver.close());
  const log = () => {};
  const channels = [webhookChannel({ accountEmail: async () => null, allowLoopback: true, log })];
  const worker = startDeliveries({ db, channels, log });
  const fanOut = startFanOut({ db, channels, handover: worker, log });
  addCleanup(async () => {
    await fanOut.stop();
    await worker.stop();
  });
  await Promise.all([worker.ready, fanOut.ready]);

  console.log(
    `  ${whole(leads)} leads on /${CARD}, ${PER_SECOND} a second, one document each, ` +
      'to one endpoint…',
  );
  const started = Date.now();
  let next = 0;
  const write = async () => {
    for (let i = next++; i < leads; i = next++) {
      await sleep(Math.max(0, started + (i * 1000) / PER_SECOND - Date.now()));
      await db.collection(contactsPath(CARD)).add({
        name: `Επαφή ${i}`,
        email: `lead${i}@example.gr`,
        createdAt: FieldValue.serverTimestamp(),
      });
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, write));
  const writeMs = Date.now() - started;
  const distinct = () => new Set(receiver.accepted.map((a) => a.id)).size;
  let seen = distinct();
  let still = Date.now();
  while (seen < leads && Date.now() - still < STILL_MS) {
    await sleep(500);
    if (distinct() > seen) {
      seen = distinct();
      still = Date.now();
    }
  }
  const first = new Map<string, number>();
  for (const arrival of receiver.accepted) {
    if (first.has(arrival.id)) continue;
    first.set(arrival.id, arrival.at - Date.parse(String(arrival.data.createdAt)));
  }
  const delaysMs = [...first.values()];
  console.log(
    `  written in ${ms(writeMs)}; arrived: ${whole(first.size)}, p50 ` +
      `${ms(percentile(delaysMs, 50))}, p95 ${ms(percentile(delaysMs, 95))}`,
  );
  return {
    leads,
    writeMs,
    delaysMs,
    lost: leads - first.size,
    repeats: receiver.accepted.length - first.size,
    refused: receiver.refused,
  };
}

const row = partRow('Webhooks');

/** The webhooks' budget rows; without figures, the one row that says why. */
export function webhooksRows(result: WebhooksResult | undefined, error?: string): BudgetRow[] {
  if (!result) return [notRunRow('Webhooks', 'webhook budgets', error)];
  const n = whole(result.leads);
  const p50 = percentile(result.delaysMs, 50);
  return [
    row(
      `${n} leads to one endpoint (${PER_SECOND}/s): write → delivered, p50 ≤ ${whole(WEBHOOKS_BUDGETS.p50Ms)} ms`,
      `p50 ${whole(p50)} ms, p95 ${whole(percentile(result.delaysMs, 95))} ms`,
      p50 <= WEBHOOKS_BUDGETS.p50Ms,
    ),
    row(
      `${n} leads to one endpoint: lost = ${WEBHOOKS_BUDGETS.lost}`,
      `${whole(result.lost)} lost, ${whole(result.repeats)} repeated (same webhook-id), ` +
        `${result.refused} signatures refused`,
      result.lost <= WEBHOOKS_BUDGETS.lost && result.refused === 0,
    ),
  ];
}
