// Visitor counts on the production path: two origins on one Redis add up; a graceful stop writes
// what was counted; behind Varnish, each visitor has the rate limit's bucket of the address
// Varnish appended, whatever the client wrote before it. The counts are read back from the stack's
// project; the cards' keys are computed as the origins compute them, from its REVALIDATE_SECRET.
//
// A busy machine can keep an origin's Redis call past the store's deadline (REDIS_DEADLINE_MS,
// 1 s): the beacon is answered 503 rather than queued, the product's choice under load
// (server/stats/redis-store.ts). Such a beacon was counted at most once: never late, but it may
// have been applied in time with its reply read late (e2e/redis-frozen.test.ts holds both). So a
// beacon whose count a test needs is sent until answered 204, and a count is held between the
// beacons answered 204 and those plus the 503s: exact whenever none was refused.
import os from 'node:os';
import { STATS_COLLECTION } from '@/lib/collections';
import { athensDay } from '@/lib/stats/day';
import { EVENTS_PATH, beaconBody } from '@/lib/stats/events';
import { cardKey } from '@/server/stats/card-key';
import { beaconFrom, PHONE } from '@/__tests__/helpers/beacon-from';
import { ceiling, eventually, WAIT_MS } from '@/__tests__/helpers/eventually';
import { untilAllHealthy, type ScaleContext } from './stack';

/** STATS_RATE_LIMIT's default, which the stack runs with. */
const LIMIT = 60;
// Two visitors are two loopback addresses (Linux routes all of 127/8 to this machine); the
// forger writes a new X-Forwarded-For on every beacon.
const FORGER = '127.0.0.2';
const OTHER = '127.0.0.3';

// Three waits (Varnish's probes, the last view, every origin healthy) and 141 beacons in turn.
const BUCKETS_MS = ceiling(4 * WAIT_MS);

export function stats(ctx: ScaleContext): void {
  const created: string[] = [];
  let markers = 0;

  afterAll(async () => {
    await Promise.all(created.map((u) => ctx.db.recursiveDelete(ctx.db.doc(`users/${u}`))));
  });

  async function newCard(label: string): Promise<string> {
    const username = `stats-${label}-${Date.now()}`;
    created.push(username);
    await ctx.db.doc(`users/${username}`).set({ username, firstName: 'Στατιστική' });
    return username;
  }

  /** What the card's HTML gives its script: the name and the card's stats key. */
  const card = (username: string) => ({
    username,
    key: cardKey(ctx.stack.env.REVALIDATE_SECRET as string, username),
  });

  /** A beacon sent to `base` as the CDN would forward it: `address` is the visitor's. */
  function send(base: string, body: string, address = '198.51.100.1') {
    return fetch(`${base}${EVENTS_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': PHONE,
        'x-forwarded-for': address,
      },
      body,
    });
  }

  /** Sends one beacon until it is answered 204; resolves with the 503s it was answered first. */
  async function sendCounted(send: () => Promise<number>, what: string): Promise<number> {
    let refused = 0;
    await eventually(
      async () => {
        const status = await send();
        if (status === 503) refused++;
        expect([204, 503]).toContain(status);
        return status === 204;
      },
      { what: `${what} answered 204` },
    );
    return refused;
  }

  /** Between `counted` and `counted + refused`. */
  const between = (counted: number, refused: number) => ({
    asymmetricMatch: (n: unknown) =>
      typeof n === 'number' && n >= counted && n <= counted + refused,
    toString: () => `between ${counted} and ${counted + refused}`,
  });

  const statsOf = async (username: string) =>
    (
      await ctx.db.doc(`users/${username}/${STATS_COLLECTION}/${athensDay(Date.now())}`).get()
    ).data();

  /**
   * Until what the origins had counted so far is in Firestore: a view of a card of its own, sent
   * last to each, written. A flush takes everything its store holds, so the counts sent before it
   * are written by then too.
   */
  async function flushed(...sentTo: string[]): Promise<void> {
    const marker = await newCard(`marker-${markers++}`);
    for (const [i, base] of sentTo.entries()) {
      await sendCounted(
        async () => (await send(base, beaconBody(card(marker), 'view'), `198.18.0.${i}`)).status,
        `the marker's view to ${base}`,
      );
    }
    await eventually(async () => ((await statsOf(marker))?.views ?? 0) >= sentTo.length, {
      every: 50,
      what: `a flush of ${sentTo.length} origin(s)`,
    });
  }

  test('two origins on one Redis: views on both add up in Firestore', async () => {
    const [a, b] = ctx.stack.origins;
    const username = await newCard('redis');
    // A pair at a time, one to each origin, each sent until counted: adding up is what this
    // checks, not a burst.
    const refused = { a: 0, b: 0 };
    for (let i = 0; i < 25; i++) {
      const [fromA, fromB] = await Promise.all([
        sendCounted(
          async () => (await send(a, beaconBody(card(username), 'view'), `192.0.2.${i}`)).status,
          `view ${i} to A`,
        ),
        sendCounted(
          async () =>
            (await send(b, beaconBody(card(username), 'view', 'qr'), `192.0.2.${i}`)).status,
          `QR view ${i} to B`,
        ),
      ]);
      refused.a += fromA;
      refused.b += fromB;
    }
    await flushed(a, b);
    expect(await statsOf(username)).toEqual({
      views: between(50, refused.a + refused.b),
      qrViews: between(25, refused.b),
    });
  });

  test('a graceful stop (SIGTERM) writes what was counted since the last flush', async () => {
    const { stack } = ctx;
    const username = await newCard('stop');
    // Origin B again, counting in its own memory (no Redis, which A flushes often) with an
    // interval far longer than the test: only the stop can write these.
    await stack.stopOrigin(1);
    try {
      await stack.restartOrigin(1, { REDIS_URL: '', STATS_FLUSH_MS: String(10 * 60_000) });
      for (let i = 0; i < 3; i++) {
        expect((await send(stack.origins[1], beaconBody(card(username), 'view'))).status).toBe(204);
      }
      expect(await statsOf(username)).toBeUndefined();
      // The stop's flush writes to Firestore: SIGKILL only past a wait's ceiling.
      await stack.stopOrigin(1, ceiling(WAIT_MS));
      expect(await statsOf(username)).toEqual({ views: 3 });
    } finally {
      await stack.stopOrigin(1);
      await stack.restartOrigin(1);
    }
    await untilAllHealthy(ctx);
  });

  /** A view of `username` sent from the loopback address `from`, with this X-Forwarded-For if any. */
  function view(base: string, username: string, from: string, forwardedFor?: string) {
    return beaconFrom(base, beaconBody(card(username), 'view'), from, forwardedFor);
  }

  const viewsOf = async (username: string) =>
    (await statsOf(username))?.views as number | undefined;

  test(
    `behind Varnish, each visitor has the bucket of the address Varnish appended, whatever the client wrote before it`,
    async () => {
      const { stack } = ctx;
      // One origin: each origin keeps its own limiter, and the limit is what this is about. B is
      // stopped until Varnish's probes count it sick, so that every beacon goes to A.
      await stack.stopOrigin(1);
      try {
        await eventually(
          async () => {
            const health = await stack.varnish.backendHealth();
            return health[0].healthy && !health[1].healthy;
          },
          { every: 250, what: 'Varnish counting B sick' },
        );
        const [mixed, plain, last] = [
          await newCard('cdn-mixed'),
          await newCard('cdn-plain'),
          await newCard('cdn-last'),
        ];
        const forged: number[] = [];
        for (let i = 0; i < LIMIT + 10; i++) {
          forged.push(await view(stack.cdnUrl, mixed, FORGER, `198.51.100.${i}`));
        }
        const other: number[] = [];
        for (let i = 0; i < 10; i++) other.push(await view(stack.cdnUrl, mixed, OTHER));
        const plainOnes: number[] = [];
        for (let i = 0; i < LIMIT + 10; i++) plainOnes.push(await view(stack.cdnUrl, plain, OTHER));
        // Sent after all of them were answered (each is answered once counted), and a flush
        // writes all it takes in one batch: once this card has its view, so have the others.
        await sendCounted(() => view(stack.cdnUrl, last, OTHER), `${last}'s view`);
        for (const status of [...forged, ...other, ...plainOnes])
          expect([204, 503]).toContain(status);
        await eventually(async () => (await viewsOf(last)) !== undefined, {
          every: 200,
          what: `${last} counted`,
        });
        const counted = { forgedThenOther: await viewsOf(mixed), plain: await viewsOf(plain) };
        console.log(`stats buckets, cdn: ${JSON.stringify(counted)}`);
        // The limit takes its slot before the store: past LIMIT, a beacon is answered 204 and not
        // counted; within it, one answered 503 may or may not have been. So LIMIT of the
        // forger's and 10 of the other visitor's, less some refused ones if any: trusting the
        // header would count 80, one bucket for everybody 60.
        const answered = (statuses: number[], status: number) =>
          statuses.filter((s) => s === status).length;
        const within = [...forged.slice(0, LIMIT), ...other];
        expect(counted).toEqual({
          forgedThenOther: between(answered(within, 204), answered(within, 503)),
          plain: between(answered(plainOnes.slice(0, LIMIT), 204), answered(plainOnes, 503)),
        });
        expect(answered(forged.slice(LIMIT), 204)).toBe(10);
        // What keeps a client from writing the entry Varnish appends, by calling the origin itself:
        // it listens on loopback only, so from any other interface of this machine it is not there.
        const { port } = new URL(stack.origins[0]);
        const outside = Object.values(os.networkInterfaces())
          .flat()
          .find((address) => address && !address.internal && address.family === 'IPv4');
        if (outside) {
          await expect(fetch(`http://${outside.address}:${port}/`)).rejects.toThrow();
        }
      } finally {
        await stack.restartOrigin(1);
      }
      await untilAllHealthy(ctx);
    },
    BUCKETS_MS,
  );
}
