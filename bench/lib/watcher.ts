// The change watcher at 10,000 cards, beside the former way of following them (one listener on the
// whole users collection), each in a child process of its own (watcher-child.ts) on a fresh
// emulator: documents delivered at start, the process's heap and resident memory growth (after a
// full GC, against the same process before it listened), what a dropped connection costs (the
// connection cut in a relay that counts the emulator's bytes, a few cards edited meanwhile) and,
// for the watcher, edit → revalidation request.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { cardChanged } from '../../server/card-stamp';
import { UPDATED_FIELD } from '../../lib/collections';
import { startEmulator } from '../../tools/lib/emulator';
import { ROOT } from '../../tools/lib/paths';
import { startTcpRelay, type TcpRelay } from '../../tools/lib/tcp-relay';
import { median, percentile } from './stats';
import { seedSynthetic, syntheticProfile, syntheticUsername } from './synthetic-users';
import type { ChildMessage, ParentMessage } from './watcher-child';

const PROJECT = 'demo-karta-bench-watch';
const CHILD = path.join(ROOT, 'bench', 'lib', 'watcher-child.ts');
/** Thumbnails of 4 to 24 KB, spread over the cards. */
const thumbnailBytes = (i: number) => 4000 + ((i * 7919) % 20_001);
/** When the seeded cards were last written: long before the benchmark. */
const LONG_AGO = Timestamp.fromDate(new Date('2026-01-01T00:00:00Z'));
const SEEN_LIMIT_MS = 120_000;

export interface FollowerResult {
  /** Documents delivered by the first snapshot: the reads a start costs. */
  startReads: number;
  startBytes: number;
  heapGrowth: number;
  rssGrowth: number;
  /**
   * Documents in the snapshots from the cut until the edits made meanwhile were seen: only what
   * differs from what the SDK holds. `reconnectBytes` is what the emulator sent again.
   */
  reconnectReads: number;
  reconnectBytes: number;
  reconnectMs: number;
}

export interface WatcherBenchResult {
  cards: number;
  cardBytes: number;
  editedWhileCut: number;
  old: FollowerResult;
  watcher: FollowerResult;
  latencyMs: number[];
  p50Ms: number;
  p95Ms: number;
}

export interface WatcherBenchOptions {
  cards: number;
  editedWhileCut: number;
  edits: number;
  addCleanup: (cleanup: () => Promise<void>) => void;
}

/** The stand-in site: answers like /api/revalidate and notes when each username was asked for. */
async function standInSite(): Promise<{ url: string; asked: Map<string, number[]> }> {
  const asked = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const at = Date.now();
      const { usernames = [] } = JSON.parse(body) as { usernames?: string[] };
      for (const username of usernames) asked.set(username, [...(asked.get(username) ?? []), at]);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ revalidated: usernames }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.unref();
  return { url, asked };
}

type Waiting = {
  type: ChildMessage['type'];
  resolve: (message: ChildMessage) => void;
  reject: (error: Error) => void;
};

class Follower {
  private readonly child: ChildProcess;
  readonly reads: Array<{ at: number; docs: number; changed: string[] }> = [];
  private waiting: Waiting[] = [];

  constructor(mode: 'old' | 'new', hostPort: string, siteUrl: string) {
    this.child = fork(CHILD, [mode, PROJECT, siteUrl], {
      execArgv: ['--expose-gc', '--import', 'tsx'],
      env: { ...process.env, FIRESTORE_EMULATOR_HOST: hostPort },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // Messages can arrive several in one tick: each waiter says which type it waits for.
    this.child.on('message', (message: ChildMessage) => {
      if (message.type === 'read') this.reads.push({ at: Date.now(), ...message });
      const answered = this.waiting.filter((waiter) => waiter.type === message.type);
      this.waiting = this.waiting.filter((waiter) => waiter.type !== message.type);
      for (const waiter of answered) waiter.resolve(message);
    });
    this.child.once('exit', (code, signal) => {
      for (const { reject } of this.waiting) {
        reject(new Error(`watcher child exited (${signal ?? code})`));
      }
      this.waiting = [];
    });
  }

  /** The next message of `type` from now on. */
  next<T extends ChildMessage['type']>(type: T): Promise<Extract<ChildMessage, { type: T }>> {
    return new Promise((resolve, reject) => {
      this.waiting.push({
        type,
        resolve: (message) => resolve(message as Extract<ChildMessage, { type: T }>),
        reject,
      });
    });
  }

  send(message: ParentMessage): void {
    this.child.send(message);
  }

  async memory(): Promise<{ heapUsed: number; rss: number }> {
    const reply = this.next('memory');
    this.send({ type: 'memory' });
    return reply;
  }

  readsSince(at: number): number {
    return this.reads.filter((r) => r.at >= at).reduce((sum, r) => sum + r.docs, 0);
  }

  stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGKILL');
    return exited;
  }
}

async function until(check: () => boolean, what: string): Promise<number> {
  const since = Date.now();
  while (!check()) {
    if (Date.now() - since > SEEN_LIMIT_MS) throw new Error(`${what}: not seen in time`);
    await sleep(50);
  }
  return Date.now() - since;
}

async function measureFollower(
  mode: 'old' | 'new',
  db: Firestore,
  link: TcpRelay,
  site: Awaited<ReturnType<typeof standInSite>>,
  options: WatcherBenchOptions,
  edited: string[],
): Promise<{ result: FollowerResult; follower: Follower }> {
  const follower = new Follower(mode, link.hostPort, site.url);
  options.addCleanup(() => follower.stop());
  const baseline = await follower.next('memory');
  const bytesBefore = link.bytesDown();
  const ready = follower.next('ready');
  follower.send({ type: 'start' });
  await ready;
  const startBytes = link.bytesDown() - bytesBefore;
  const startReads = follower.readsSince(0);
  console.log(
    `    ${mode}: ${startReads} documents read at start, ${link.bytesDown() - bytesBefore} bytes`,
  );
  await sleep(2000);
  const held = await follower.memory();

  const cutAt = Date.now();
  const bytesAtCut = link.bytesDown();
  link.cut();
  await sleep(2000);
  for (const username of edited) {
    await db.doc(`users/${username}`).update({ jobTitle: `${mode} ${cutAt}`, ...cardChanged() });
  }
  await sleep(500);
  link.restore();
  console.log(`    ${mode}: connection cut and restored, ${edited.length} cards edited meanwhile`);
  const seen =
    mode === 'new'
      ? () => edited.every((u) => (site.asked.get(u) ?? []).some((at) => at > cutAt))
      : () =>
          edited.every((u) => follower.reads.some((r) => r.at > cutAt && r.changed.includes(u)));
  const reconnectMs = await until(seen, `${mode}: the cards edited while cut`);
  // Whatever else a resumed listener sends comes with or just after the edits.
  await sleep(2000);
  return {
    follower,
    result: {
      startReads,
      startBytes,
      heapGrowth: held.heapUsed - baseline.heapUsed,
      rssGrowth: held.rss - baseline.rss,
      reconnectReads: follower.readsSince(cutAt),
      reconnectBytes: link.bytesDown() - bytesAtCut,
      reconnectMs,
    },
  };
}

export async function measureWatcher(options: WatcherBenchOptions): Promise<WatcherBenchResult> {
  const emulator = await startEmulator({ projectId: PROJECT });
  options.addCleanup(() => emulator.stop());
  const link = await startTcpRelay(emulator.hostPort);
  options.addCleanup(() => link.close());
  // The SDK reads it again whenever it connects, not only when created.
  process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
  const app = initializeApp({ projectId: PROJECT }, 'bench-watcher');
  const db = getFirestore(app);
  options.addCleanup(() => deleteApp(app));

  console.log(`  seeding ${options.cards} cards with thumbnails of 4–24 KB…`);
  let cardBytes = 0;
  await seedSynthetic(db, options.cards, undefined, {
    profile: (i) => {
      const card = {
        ...syntheticProfile(i),
        thumbnailBase64: 'A'.repeat(thumbnailBytes(i)),
        [UPDATED_FIELD]: LONG_AGO,
      };
      cardBytes += JSON.stringify(card).length;
      return card;
    },
    // 100 cards of up to 24 KB: under the 4 MiB a commit may carry.
    slice: 100,
  });
  const site = await standInSite();
  const edited = Array.from({ length: options.editedWhileCut }, (_, i) =>
    syntheticUsername(options.cards - 1 - i),
  );

  console.log('  old: one listener on the whole users collection…');
  const old = await measureFollower('old', db, link, site, options, edited);
  await old.follower.stop();
  console.log('  new: the change watcher…');
  const current = await measureFollower('new', db, link, site, options, edited);

  const latencyMs: number[] = [];
  for (let i = 0; i < options.edits; i++) {
    const username = syntheticUsername(i);
    const before = (site.asked.get(username) ?? []).length;
    const written = Date.now();
    await db.doc(`users/${username}`).update({ jobTitle: `edit ${i}`, ...cardChanged() });
    await until(() => (site.asked.get(username) ?? []).length > before, `edit of ${username}`);
    latencyMs.push((site.asked.get(username) ?? [])[before] - written);
    // Apart, as an owner's edits are: each is its own batch.
    await sleep(300);
  }
  await current.follower.stop();
  return {
    cards: options.cards,
    cardBytes: cardBytes / options.cards,
    editedWhileCut: edited.length,
    old: old.result,
    watcher: current.result,
    latencyMs,
    p50Ms: median(latencyMs),
    p95Ms: percentile(latencyMs, 95),
  };
}
