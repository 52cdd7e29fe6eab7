// Several origins, one cache: the stack's two origins share their ISR cache through one Redis. A
// revalidation received by one is seen by the other; with Redis stopped or frozen, cards still
// answer, rendered from Firestore. Their CDN purges are counted by the purge stand-in: one per
// edit, two when a late render had to be replaced. Origin A reads Firestore through a relay of
// its own (ctx.linkOfA), so that its answers alone can be held and its bytes counted. How soon
// anything here happens is printed, never held: a figure is `npm run bench`'s.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { commandOptions, createClient } from 'redis';
import { compactEntrySerializer } from '@/server/cache/compact-entry.mjs';
import { cacheKeyPrefix, NOT_FOUND_LIFETIME_S } from '@/server/cache/handler.mjs';
import { cardTag } from '@/lib/routes';
import { freePort } from '@/tools/lib/emulator';
import { DEMO_PROFILES_FILE, ROOT } from '@/tools/lib/paths';
import { loadProfilesFile } from '@/tools/lib/seed';
import { ceiling, eventually, WAIT_MS } from '@/__tests__/helpers/eventually';
import { redisCliAt } from '@/__tests__/helpers/redis-cli';
import { untilAllHealthy, type ScaleContext } from './stack';

interface Origin {
  name: string;
  base: string;
}

interface Card {
  status: number;
  body: string;
  cache: string | null;
  ms: number;
}

async function card(origin: Origin, pathname: string): Promise<Card> {
  const started = Date.now();
  // A hang (a card waiting on a frozen Redis) fails here, with the URL, before the test's limit.
  const res = await fetch(`${origin.base}${pathname}`, {
    signal: AbortSignal.timeout(ceiling(WAIT_MS)),
  });
  const body = await res.text();
  return {
    status: res.status,
    body,
    cache: res.headers.get('x-nextjs-cache'),
    ms: Date.now() - started,
  };
}

/** Polls until `pathname` on `origin` shows `text`; the milliseconds since `since`. */
async function timeUntilShown(origin: Origin, pathname: string, text: string, since: number) {
  await eventually(async () => (await card(origin, pathname)).body.includes(text), {
    every: 50,
    what: `${origin.name}${pathname} showing "${text}"`,
  });
  return Date.now() - since;
}

const builtDir = () => path.join(ROOT, process.env.NEXT_DIST_DIR as string);

export function sharedCache(ctx: ScaleContext): void {
  const created: string[] = [];
  const originsOf = (): [Origin, Origin] => [
    { name: 'A', base: ctx.stack.origins[0] },
    { name: 'B', base: ctx.stack.origins[1] },
  ];
  const purgesOf = (username: string) => ctx.purges.purgesOf(cardTag(username));
  let buildId: string;

  beforeAll(() => {
    buildId = readFileSync(path.join(builtDir(), 'BUILD_ID'), 'utf8').trim();
  });

  afterAll(async () => {
    await Promise.all(created.map((username) => ctx.db.doc(`users/${username}`).delete()));
  });

  function revalidate(origin: Origin, username: string, recheck = false) {
    return fetch(`${origin.base}/api/revalidate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${ctx.stack.env.REVALIDATE_SECRET}`,
      },
      body: JSON.stringify({ username, ...(recheck ? { recheck } : {}) }),
    });
  }

  /** A card written without the stamp, so that the daemon leaves it to the test's revalidations. */
  async function newProfile(jobTitle: string): Promise<string> {
    const username = `shared-${Date.now()}`;
    created.push(username);
    await ctx.db
      .doc(`users/${username}`)
      .set({ username, firstName: 'Ιωάννα', lastName: 'Κοινού', jobTitle });
    return username;
  }

  const redisCli = (...args: string[]) => redisCliAt(ctx.stack.redis.url, ...args);

  /**
   * Dates the entry Redis holds under `key` `ms` earlier, as if it had been stored then: the
   * entry's age without waiting for it.
   */
  async function backdate(key: string, ms: number): Promise<void> {
    const client = createClient({ url: ctx.stack.redis.url });
    await client.connect();
    try {
      const codec = compactEntrySerializer({
        keyPrefix: cacheKeyPrefix(buildId),
        redis: () => client,
      });
      const stored = await client.get(commandOptions({ returnBuffers: true }), key);
      if (stored === null) throw new Error(`Redis holds no ${key}`);
      const entry = (await codec.deserialize(stored)) as { lastModified?: unknown } | null;
      if (!entry || typeof entry.lastModified !== 'number') {
        throw new Error(`${key} holds no entry with a lastModified`);
      }
      entry.lastModified -= ms;
      await client.set(key, await codec.serialize(entry), { KEEPTTL: true });
    } finally {
      await client.quit();
    }
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
    const [a, b] = originsOf();
    const started = Date.now();
    await eventually(
      async () => {
        const fromA = await card(a, pathname);
        const fromB = await card(b, pathname);
        expect([fromA.status, fromB.cache]).toEqual([200, 'HIT']);
        return true;
      },
      {
        every: 200,
        what: `${pathname}: B answering from A's entry`,
      },
    );
    return Date.now() - started;
  }

  test('one build serves both ways: built without REDIS_URL, its origins chose Redis at start', () => {
    const { config } = JSON.parse(
      readFileSync(path.join(builtDir(), 'required-server-files.json'), 'utf8'),
    );
    expect(config.cacheHandler).toBeUndefined();
    // Both origins hold Redis's connections (the handler's client and its subscribers).
    const clients = redisCli('client', 'list').split('\n').filter(Boolean);
    expect(clients.length).toBeGreaterThanOrEqual(2);
  });

  test('a card stored by origin A is served by origin B; a revalidation on A is seen by B', async () => {
    const [a, b] = originsOf();
    const username = await newProfile('Πρώτος τίτλος');
    const first = await card(a, `/${username}`);
    expect([first.status, first.cache]).toEqual([200, 'MISS']);
    expect(first.body).toContain('Πρώτος τίτλος');
    // Created after the build, so B has no copy of its own: a HIT is A's entry, read from Redis.
    // Ten seconds old, too (dated back in Redis rather than waited for): with no lifetime stored
    // beside the entry, Next on an origin that had not rendered the card itself took it for
    // stale after one.
    await backdate(keyOf('APP_ROUTE', `/${username}`), 10_000);
    const onB = await card(b, `/${username}`);
    expect([onB.status, onB.cache]).toEqual([200, 'HIT']);
    expect(onB.body).toContain('Πρώτος τίτλος');
    expect((await card(a, `/${username}/vcard`)).status).toBe(200);
    expect((await card(b, `/${username}/vcard`)).cache).toBe('HIT');

    const title = `Νέος τίτλος ${Date.now()}`;
    await ctx.db.doc(`users/${username}`).update({ jobTitle: title });
    const sent = Date.now();
    expect((await revalidate(a, username)).status).toBe(200);
    const pageMs = await timeUntilShown(b, `/${username}`, title, sent);
    const vcardMs = await timeUntilShown(b, `/${username}/vcard`, `TITLE:${title}`, sent);
    console.log(
      `shared cache: revalidation on A → new card on B ${pageMs} ms, vCard ${vcardMs} ms`,
    );
    // The first pass purges the CDN once; a recheck (the one A schedules, asked here at once)
    // finds the card served as Firestore holds it and that purge accepted: nothing more to purge.
    await eventually(() => purgesOf(username) >= 1, { what: "the revalidation's purge" });
    const recheck = await eventually(
      async () => {
        const res = await revalidate(a, username, true);
        const body = (await res.json()) as { current?: string[] };
        expect([res.status, body.current]).toEqual([200, [username]]);
        return body;
      },
      { what: 'a recheck finding the card current' },
    );
    expect(recheck.current).toEqual([username]);
    expect(purgesOf(username)).toBe(1);
  });

  test('a render that read the card before an edit and was stored after its revalidation is replaced', async () => {
    const [a, b] = originsOf();
    const { linkOfA } = ctx;
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
      await ctx.db.doc(`users/${username}`).update({ jobTitle: after });
      const marked = Date.now();
      expect((await revalidate(b, username)).status).toBe(200);
      await timeUntilShown(b, `/${username}`, after, marked);
      linkOfA.release();
      // A renders the old card and stores it after the mark, and Next takes it for fresh.
      expect((await late).body).toContain(before);
      expect((await card(a, `/${username}`)).body).toContain(before);
      // The recheck replaces it, on both origins, without another request to the endpoint
      // (without the recheck the old card would stay for the route's hour).
      const ms = await timeUntilShown(a, `/${username}`, after, marked);
      // B may serve the late render once more, stale, while it renders the card again.
      await timeUntilShown(b, `/${username}`, after, marked);
      console.log(
        `shared cache: a late render stored the old card; the recheck replaced it ` +
          `${ms} ms after the revalidation`,
      );
      // The CDN may have fetched the late render after the first purge: the recheck purged
      // again, once it had regenerated the card.
      await eventually(() => purgesOf(username) >= 2, { what: "the recheck's purge" });
      console.log(`shared cache: second purge ${Date.now() - marked} ms after the revalidation`);
      expect(purgesOf(username)).toBe(2);
    } finally {
      linkOfA.release();
    }
  });

  test('cards in Redis: compressed, and their keys carry a TTL (volatile-lru can evict them); bytes measured', async () => {
    const [a] = originsOf();
    const usernames = loadProfilesFile(DEMO_PROFILES_FILE).map((profile) => profile.username);
    const usedMemory = () => Number(redisCli('info', 'memory').match(/used_memory:(\d+)/)?.[1]);
    const before = usedMemory();
    for (const username of usernames) {
      expect((await card(a, `/${username}`)).status).toBe(200);
      expect((await card(a, `/${username}/vcard`)).status).toBe(200);
    }
    const perCard = Math.round((usedMemory() - before) / usernames.length);
    const bytes = (key: string) => Number(redisCli('memory', 'usage', key, 'samples', '0'));
    for (const username of usernames) {
      // The card is a route handler's HTML (app/[username]/route.ts), cached like its vCard.
      const page = keyOf('APP_ROUTE', `/${username}`);
      const vcard = keyOf('APP_ROUTE', `/${username}/vcard`);
      for (const key of [page, vcard]) expect(Number(redisCli('ttl', key))).toBeGreaterThan(0);
      // Stored compressed: the whole entry takes less than the card's HTML alone.
      const html = Buffer.byteLength((await card(a, `/${username}`)).body);
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
    const [a] = originsOf();
    const name = `made-up-${Date.now()}`;
    const paths = [`/${name}`, `/${name}/vcard`, `/${name}/qr.svg`];
    for (const pathname of paths) expect((await card(a, pathname)).status).toBe(404);
    // Everything Firestore sends A comes through A's relay: not a byte more for the next requests.
    const bytesAfterFirst = ctx.linkOfA.bytesDown();
    for (let i = 0; i < 10; i++) {
      for (const pathname of paths) {
        const again = await card(a, pathname);
        expect([pathname, again.status, again.cache]).toEqual([pathname, 404, 'HIT']);
      }
    }
    expect(ctx.linkOfA.bytesDown()).toBe(bytesAfterFirst);
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
    const { stack } = ctx;
    const username = await newProfile('Από τη μνήμη του Redis');
    await untilShared(`/${username}`);
    // B as a new process, nothing in its memory, and nothing answering where it looks for
    // Firestore.
    await stack.stopOrigin(1);
    try {
      await stack.restartOrigin(1, { FIRESTORE_EMULATOR_HOST: `127.0.0.1:${await freePort()}` });
      const res = await card(originsOf()[1], `/${username}`);
      expect([res.status, res.cache]).toEqual([200, 'HIT']);
      expect(res.body).toContain('Από τη μνήμη του Redis');
    } finally {
      await stack.stopOrigin(1);
      await stack.restartOrigin(1);
    }
    await untilAllHealthy(ctx);
  });

  test('Redis stopped → both origins answer 200; restarted → a revalidation on A is again seen by B', async () => {
    const origins = originsOf();
    const [a, b] = origins;
    const username = await newProfile('Πριν τη διακοπή');
    await untilShared(`/${username}`);
    await ctx.stack.redis.stop();
    try {
      for (const origin of origins) {
        const res = await card(origin, `/${username}`);
        expect([origin.name, res.status]).toEqual([origin.name, 200]);
        expect(res.body).toContain('Πριν τη διακοπή');
        console.log(`shared cache: Redis stopped, ${origin.name} answered 200 in ${res.ms} ms`);
      }
    } finally {
      await ctx.stack.restartRedis();
    }
    const sharedMs = await untilShared(`/${username}`);
    console.log(`shared cache: Redis restarted, B answered from A's entry after ${sharedMs} ms`);
    const title = `Μετά τη διακοπή ${Date.now()}`;
    await ctx.db.doc(`users/${username}`).update({ jobTitle: title });
    const sent = Date.now();
    expect((await revalidate(a, username)).status).toBe(200);
    const ms = await timeUntilShown(b, `/${username}`, title, sent);
    console.log(`shared cache: after the restart, revalidation on A → new card on B ${ms} ms`);
  });

  test('Redis restarted, then origin A: a revalidation on A replaces the entry B stored again', async () => {
    const { stack } = ctx;
    const origins = originsOf();
    const [a, b] = origins;
    const username = await newProfile('Πριν την επανεκκίνηση');
    const stored = (origin: Origin) =>
      eventually(async () => (await card(origin, `/${username}`)).cache === 'HIT', {
        every: 200,
        what: `/${username} stored by ${origin.name}`,
      });
    // Stored by B, before and after Redis lost its data; then A starts anew and reads what Redis
    // knows. The library's tag index on A (loaded from Redis) never hears of B's second entry: B
    // remembered its tags and wrote them nowhere again.
    await stored(b);
    await stack.restartRedis();
    await stored(b);
    await stack.stopOrigin(0);
    try {
      await stack.restartOrigin(0);
    } finally {
      await untilAllHealthy(ctx);
    }
    expect((await card(a, `/${username}`)).cache).toBe('HIT');
    const title = `Μετά την επανεκκίνηση ${Date.now()}`;
    await ctx.db.doc(`users/${username}`).update({ jobTitle: title });
    const sent = Date.now();
    expect((await revalidate(a, username)).status).toBe(200);
    for (const origin of origins) {
      const ms = await timeUntilShown(origin, `/${username}`, title, sent);
      console.log(
        `shared cache: Redis and A restarted, revalidation on A → on ${origin.name} ${ms} ms`,
      );
    }
  });

  // Without its deadlines (REDIS_DEADLINE_MS; the guard itself: emulator/redis-guard.test.ts) a
  // request waited on the frozen socket until Redis resumed: here each answer comes while Redis is
  // still stopped, an order of events (resume only in `finally`), not a figure. How long each took
  // is printed only.
  test('Redis frozen (SIGSTOP) → cards answer 200 on both origins while it is still frozen', async () => {
    const origins = originsOf();
    const username = await newProfile('Παγωμένη');
    const unread = await newProfile('Ποτέ διαβασμένη');
    await untilShared(`/${username}`);
    const { redis } = ctx.stack;
    redis.pause();
    try {
      for (const origin of origins) {
        // A card read in the last seconds (the library answers it from the process's memory),
        // then one never read: its get and its set each wait for their deadline. Then that one
        // again.
        for (const pathname of [`/${username}`, `/${unread}`, `/${unread}`]) {
          const res = await card(origin, pathname);
          expect([origin.name, pathname, res.status]).toEqual([origin.name, pathname, 200]);
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
  });
}
