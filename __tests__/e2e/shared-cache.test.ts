// Several origins, one cache: two `next start` on copies of the e2e build, both given REDIS_URL,
// share their ISR cache through one Redis. A revalidation received by one is seen by the other;
// with Redis stopped or frozen, cards still answer, rendered from Firestore. Their CDN purges go
// to a stand-in that counts them: one per edit, two when a late render had to be replaced.
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { adminDb } from '@/server/firebase/admin-app';
import { cacheKeyPrefix, NOT_FOUND_LIFETIME_S } from '@/server/cache/handler.mjs';
import { cardTag } from '@/lib/routes';
import { freePort } from '@/tools/lib/emulator';
import { copyBuild, startNext } from '@/tools/lib/next-server';
import { DEMO_PROFILES_FILE, ROOT } from '@/tools/lib/paths';
import { stopProcess } from '@/tools/lib/processes';
import { startRedis, type RunningRedis } from '@/tools/lib/redis';
import { loadProfilesFile } from '@/tools/lib/seed';
import { ensureCommand } from '@/tools/lib/system-packages';
import { startTcpRelay, type TcpRelay } from '@/tools/lib/tcp-relay';
import { ceiling, eventually } from '@/__tests__/helpers/eventually';

// Ten times what a card takes with Redis frozen on an idle machine (a get and a set deadline, 1 s
// each, and a render); without those deadlines it hung until the request was given up.
const FROZEN_BOUND_MS = 20_000;
const SHARED_AGAIN_BOUND_MS = 30_000;
// Short, so that a revalidation's recheck (one read deadline and a render's margin later) comes
// soon.
const READ_DEADLINE_MS = 3000;
// When a revalidation's recheck has run: its timer (a read deadline and a render's margin), then
// its own reads.
const RECHECKED_MS = READ_DEADLINE_MS + 2000 + 3000;

interface Origin {
  name: string;
  base: string;
  server: ChildProcess;
  distDir: string;
}

interface Card {
  status: number;
  body: string;
  cache: string | null;
  ms: number;
}

let redis: RunningRedis;
// Origin A reads Firestore through it; B directly.
let linkOfA: TcpRelay;
const origins: Origin[] = [];
const created: string[] = [];
let buildId: string;

const secret = () => process.env.REVALIDATE_SECRET as string;

// The CDN's purge endpoint, as Varnish's is called (server/cdn/varnish.ts): each PURGE's keys.
let purger: http.Server;
let purgeUrl: string;
const purgedKeys: string[][] = [];
const purgesOf = (username: string) =>
  purgedKeys.filter((keys) => keys.includes(cardTag(username))).length;

function copyOfBuild(): string {
  const copy = mkdtempSync(path.join(ROOT, '.next-shared-'));
  copyBuild(process.env.NEXT_DIST_DIR as string, path.basename(copy));
  return copy;
}

async function startOrigin(name: string, firestoreHost: string): Promise<Origin> {
  const distDir = copyOfBuild();
  const port = await freePort();
  const server = await startNext(
    port,
    {
      ...process.env,
      NEXT_DIST_DIR: path.basename(distDir),
      REDIS_URL: redis.url,
      CDN_PROVIDER: 'varnish',
      VARNISH_PURGE_URL: purgeUrl,
      FIRESTORE_EMULATOR_HOST: firestoreHost,
      FIRESTORE_READ_TIMEOUT_MS: String(READ_DEADLINE_MS),
    },
    { host: '127.0.0.1', logFile: path.join(ROOT, 'artifacts', `shared-cache-${name}.log`) },
  );
  const base = `http://127.0.0.1:${port}`;
  return { name, base, server, distDir };
}

async function card(origin: Origin, pathname: string): Promise<Card> {
  const started = Date.now();
  // Above any bound below, so that a hang fails the assertion rather than the test's timeout.
  const res = await fetch(`${origin.base}${pathname}`, {
    signal: AbortSignal.timeout(ceiling(FROZEN_BOUND_MS) + 5000),
  });
  const body = await res.text();
  return {
    status: res.status,
    body,
    cache: res.headers.get('x-nextjs-cache'),
    ms: Date.now() - started,
  };
}

function revalidate(origin: Origin, username: string) {
  return fetch(`${origin.base}/api/revalidate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret()}` },
    body: JSON.stringify({ username }),
  });
}

async function newProfile(jobTitle: string): Promise<string> {
  const username = `shared-${Date.now()}`;
  created.push(username);
  await adminDb()
    .doc(`users/${username}`)
    .set({ username, firstName: 'Ιωάννα', lastName: 'Κοινού', jobTitle });
  return username;
}

/** Polls until `pathname` on `origin` shows `text`; the milliseconds since `since`. */
async function timeUntilShown(origin: Origin, pathname: string, text: string, since: number) {
  await eventually(async () => (await card(origin, pathname)).body.includes(text), {
    within: SHARED_AGAIN_BOUND_MS,
    every: 50,
    what: `${origin.name}${pathname} showing "${text}"`,
  });
  return Date.now() - since;
}

function redisCli(...args: string[]): string {
  const cli = ensureCommand('redis-cli', 'redis-tools');
  return execFileSync(cli, ['-u', redis.url, ...args], { encoding: 'utf8', timeout: 5000 }).trim();
}

/** The Redis key of a cached page or route of this build, e.g. `/maria` → `…/APP_ROUTE/…/maria`. */
function keyOf(kind: 'APP_PAGE' | 'APP_ROUTE', pathname: string): string {
  const keys = redisCli('--scan', '--pattern', `${cacheKeyPrefix(buildId)}*`).split('\n');
  const key = keys.find((k) => k.includes(`/${kind}/`) && k.endsWith(pathname));
  if (!key) throw new Error(`no ${kind} key for ${pathname} among:\n${keys.join('\n')}`);
  return key;
}

/** Requests the card on A (which stores it) until B answers it from that entry. */
async function untilShared(pathname: string): Promise<number> {
  const [a, b] = origins;
  const started = Date.now();
  await eventually(
    async () => {
      const fromA = await card(a, pathname);
      const fromB = await card(b, pathname);
      expect([fromA.status, fromB.cache]).toEqual([200, 'HIT']);
      return true;
    },
    { within: SHARED_AGAIN_BOUND_MS, every: 200, what: `${pathname}: B answering from A's entry` },
  );
  return Date.now() - started;
}

beforeAll(async () => {
  purger = http.createServer((req, res) => {
    if (req.method === 'PURGE') purgedKeys.push(String(req.headers['surrogate-key']).split(' '));
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => purger.listen(0, '127.0.0.1', resolve));
  purgeUrl = `http://127.0.0.1:${(purger.address() as AddressInfo).port}/`;
  redis = await startRedis();
  buildId = readFileSync(
    path.join(ROOT, process.env.NEXT_DIST_DIR as string, 'BUILD_ID'),
    'utf8',
  ).trim();
  const emulator = process.env.FIRESTORE_EMULATOR_HOST as string;
  linkOfA = await startTcpRelay(emulator);
  origins.push(
    ...(await Promise.all([startOrigin('A', linkOfA.hostPort), startOrigin('B', emulator)])),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(origins.map((origin) => stopProcess(origin.server)));
  for (const origin of origins) rmSync(origin.distDir, { recursive: true, force: true });
  await redis?.stop();
  await linkOfA?.close();
  await new Promise((resolve) => purger?.close(resolve));
  await Promise.all(created.map((username) => adminDb().doc(`users/${username}`).delete()));
});

test('one build serves both ways: built without REDIS_URL, its origins chose Redis at start', () => {
  const { config } = JSON.parse(
    readFileSync(
      path.join(ROOT, process.env.NEXT_DIST_DIR as string, 'required-server-files.json'),
      'utf8',
    ),
  );
  expect(config.cacheHandler).toBeUndefined();
  // Both origins hold Redis's connections (the handler's client and its subscribers).
  const clients = redisCli('client', 'list').split('\n').filter(Boolean);
  expect(clients.length).toBeGreaterThanOrEqual(2);
});

test('a card stored by origin A is served by origin B; a revalidation on A is seen by B', async () => {
  const [a, b] = origins;
  const username = await newProfile('Πρώτος τίτλος');
  const first = await card(a, `/${username}`);
  expect([first.status, first.cache]).toEqual([200, 'MISS']);
  expect(first.body).toContain('Πρώτος τίτλος');
  // Created after the build, so B has no copy of its own: a HIT is A's entry, read from Redis.
  // Past a second, too: with no lifetime stored beside the entry, Next on an origin that had not
  // rendered the card itself took it for stale after one.
  await new Promise((r) => setTimeout(r, 1500));
  const onB = await card(b, `/${username}`);
  expect([onB.status, onB.cache]).toEqual([200, 'HIT']);
  expect(onB.body).toContain('Πρώτος τίτλος');
  expect((await card(a, `/${username}/vcard`)).status).toBe(200);
  expect((await card(b, `/${username}/vcard`)).cache).toBe('HIT');

  const title = `Νέος τίτλος ${Date.now()}`;
  await adminDb().doc(`users/${username}`).update({ jobTitle: title });
  const sent = Date.now();
  expect((await revalidate(a, username)).status).toBe(200);
  const pageMs = await timeUntilShown(b, `/${username}`, title, sent);
  const vcardMs = await timeUntilShown(b, `/${username}/vcard`, `TITLE:${title}`, sent);
  console.log(`shared cache: revalidation on A → new card on B ${pageMs} ms, vCard ${vcardMs} ms`);
  // The recheck finds the card served as Firestore holds it: the CDN was purged once.
  await new Promise((r) => setTimeout(r, Math.max(0, sent + RECHECKED_MS - Date.now())));
  expect(purgesOf(username)).toBe(1);
});

test('a render that read the card before an edit and was stored after its revalidation is replaced', async () => {
  const [a, b] = origins;
  const before = 'Πριν την αλλαγή';
  const username = await newProfile(before);
  // A's link to Firestore is open, so that what is held next is the answer to A's read.
  expect((await card(a, `/${username}-none`)).status).toBe(404);
  linkOfA.hold();
  let late: Promise<Card>;
  try {
    late = card(a, `/${username}`);
    await linkOfA.answerHeld();
    // Firestore has answered A's read with the old card; the edit and its revalidation follow.
    const after = `Μετά την αλλαγή ${Date.now()}`;
    await adminDb().doc(`users/${username}`).update({ jobTitle: after });
    const marked = Date.now();
    expect((await revalidate(b, username)).status).toBe(200);
    await timeUntilShown(b, `/${username}`, after, marked);
    linkOfA.release();
    // A renders the old card and stores it after the mark, and Next takes it for fresh.
    expect((await late).body).toContain(before);
    expect((await card(a, `/${username}`)).body).toContain(before);
    // The recheck replaces it, on both origins, without another request to the endpoint (without
    // the recheck the old card would stay for the route's hour).
    const ms = await timeUntilShown(a, `/${username}`, after, marked);
    expect((await card(b, `/${username}`)).body).toContain(after);
    console.log(
      `shared cache: a late render stored the old card; the recheck replaced it ` +
        `${ms} ms after the revalidation`,
    );
    // The CDN may have fetched the late render after the first purge: the recheck purged again,
    // once it had regenerated the card.
    await eventually(() => purgesOf(username) >= 2, { what: "the recheck's purge" });
    console.log(`shared cache: second purge ${Date.now() - marked} ms after the revalidation`);
    expect(purgesOf(username)).toBe(2);
  } finally {
    linkOfA.release();
  }
});

test('cards in Redis: compressed, and their keys carry a TTL (volatile-lru can evict them); bytes measured', async () => {
  const usernames = loadProfilesFile(DEMO_PROFILES_FILE).map((profile) => profile.username);
  const usedMemory = () => Number(redisCli('info', 'memory').match(/used_memory:(\d+)/)?.[1]);
  const before = usedMemory();
  for (const username of usernames) {
    expect((await card(origins[0], `/${username}`)).status).toBe(200);
    expect((await card(origins[0], `/${username}/vcard`)).status).toBe(200);
  }
  const perCard = Math.round((usedMemory() - before) / usernames.length);
  const bytes = (key: string) => Number(redisCli('memory', 'usage', key, 'samples', '0'));
  for (const username of usernames) {
    // The card is a route handler's HTML (app/[username]/route.ts), cached like its vCard.
    const page = keyOf('APP_ROUTE', `/${username}`);
    const vcard = keyOf('APP_ROUTE', `/${username}/vcard`);
    for (const key of [page, vcard]) expect(Number(redisCli('ttl', key))).toBeGreaterThan(0);
    // Stored compressed: the whole entry takes less than the card's HTML alone.
    const html = Buffer.byteLength((await card(origins[0], `/${username}`)).body);
    expect(bytes(page)).toBeLessThan(html);
    const gzipped = gzipSync(redisCli('get', page)).length;
    console.log(
      `shared cache: ${page}: ${bytes(page)} B for ${html} B of HTML (gzipped value ${gzipped} B), ` +
        `vCard ${bytes(vcard)} B, TTL ${redisCli('ttl', page)} s`,
    );
  }
  console.log(
    `shared cache: used_memory grew ${perCard} B a card (page, vCard, tag index), ` +
      `maxmemory-policy ${redisCli('config', 'get', 'maxmemory-policy').split('\n')[1]}`,
  );
});

test('a made-up name: one Firestore read, however often asked for; its 404s expire from Redis', async () => {
  const [a] = origins;
  const name = `made-up-${Date.now()}`;
  const paths = [`/${name}`, `/${name}/vcard`, `/${name}/qr.svg`];
  for (const pathname of paths) expect((await card(a, pathname)).status).toBe(404);
  // Everything Firestore sends A comes through A's relay: not a byte more for the next requests.
  const bytesAfterFirst = linkOfA.bytesDown();
  for (let i = 0; i < 10; i++) {
    for (const pathname of paths) {
      const again = await card(a, pathname);
      expect([pathname, again.status, again.cache]).toEqual([pathname, 404, 'HIT']);
    }
  }
  expect(linkOfA.bytesDown()).toBe(bytesAfterFirst);
  // Each 404 is kept NOT_FOUND_LIFETIME_S, not the route's hour: a key that expires.
  for (const [kind, pathname] of [
    ['APP_ROUTE', `/${name}`],
    ['APP_ROUTE', `/${name}/vcard`],
    ['APP_ROUTE', `/${name}/qr.svg`],
  ] as const) {
    const ttl = Number(redisCli('ttl', keyOf(kind, pathname)));
    expect([pathname, ttl > 0 && ttl <= NOT_FOUND_LIFETIME_S]).toEqual([pathname, true]);
  }
});

test('a restarted origin serves a card from Redis without reading Firestore', async () => {
  const username = await newProfile('Από τη μνήμη του Redis');
  await untilShared(`/${username}`);
  // A new process, nothing in its memory, and nothing answering where it looks for Firestore.
  const restarted = await startOrigin('C', `127.0.0.1:${await freePort()}`);
  try {
    const res = await card(restarted, `/${username}`);
    expect([res.status, res.cache]).toEqual([200, 'HIT']);
    expect(res.body).toContain('Από τη μνήμη του Redis');
  } finally {
    await stopProcess(restarted.server);
    rmSync(restarted.distDir, { recursive: true, force: true });
  }
}, 120_000);

test('Redis stopped → both origins answer 200; restarted → a revalidation on A is again seen by B', async () => {
  const [a, b] = origins;
  const username = await newProfile('Πριν τη διακοπή');
  await untilShared(`/${username}`);
  const port = redis.port;
  await redis.stop();
  for (const origin of origins) {
    const res = await card(origin, `/${username}`);
    expect([origin.name, res.status]).toEqual([origin.name, 200]);
    expect(res.body).toContain('Πριν τη διακοπή');
    console.log(`shared cache: Redis stopped, ${origin.name} answered 200 in ${res.ms} ms`);
  }

  redis = await startRedis({ port });
  const sharedMs = await untilShared(`/${username}`);
  console.log(`shared cache: Redis restarted, B answered from A's entry after ${sharedMs} ms`);
  const title = `Μετά τη διακοπή ${Date.now()}`;
  await adminDb().doc(`users/${username}`).update({ jobTitle: title });
  const sent = Date.now();
  expect((await revalidate(a, username)).status).toBe(200);
  const ms = await timeUntilShown(b, `/${username}`, title, sent);
  console.log(`shared cache: after the restart, revalidation on A → new card on B ${ms} ms`);
}, 120_000);

test('Redis frozen (SIGSTOP) → cards answer 200 within the bound on both origins', async () => {
  const username = await newProfile('Παγωμένη');
  const unread = await newProfile('Ποτέ διαβασμένη');
  await untilShared(`/${username}`);
  redis.pause();
  try {
    for (const origin of origins) {
      // A card read in the last seconds (the library answers it from the process's memory), then
      // one never read: its get and its set each wait for their deadline. Then that one again.
      for (const pathname of [`/${username}`, `/${unread}`, `/${unread}`]) {
        const res = await card(origin, pathname);
        expect([origin.name, pathname, res.status]).toEqual([origin.name, pathname, 200]);
        // eslint-disable-next-line no-restricted-syntax -- bound is the behaviour: Redis's deadlines answer, not a hang (10× the idle figure)
        expect(res.ms).toBeLessThan(ceiling(FROZEN_BOUND_MS));
        console.log(`shared cache: Redis frozen, ${origin.name}${pathname} 200 in ${res.ms} ms`);
      }
    }
    // The revalidation answers too; the other origin does not hear of it while Redis is frozen.
    const started = Date.now();
    expect((await revalidate(origins[0], username)).status).toBe(200);
    console.log(
      `shared cache: Redis frozen, revalidation on A answered in ${Date.now() - started} ms`,
    );
  } finally {
    redis.resume();
  }
  const sharedMs = await untilShared(`/${username}`);
  console.log(`shared cache: Redis resumed, B answered from A's entry after ${sharedMs} ms`);
}, 120_000);
