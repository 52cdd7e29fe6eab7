// Whose bucket of the beacon rate limit a request lands in on the run's stack, started as `npm run
// demo` starts it (one `next start`, nothing in front, STATS_PROXY_HOPS=0); behind Varnish, as
// `npm run demo:scale` runs it, the same is checked in e2e/scale/stats.ts. Two visitors are two
// loopback addresses (127.0.0.2 and 127.0.0.3: Linux routes all of 127/8 to this machine); one of
// them writes a new X-Forwarded-For on every beacon. The counts are read back from the emulator.
import { STATS_COLLECTION } from '@/lib/collections';
import { athensDay } from '@/lib/stats/day';
import { beaconBody } from '@/lib/stats/events';
import { adminDb } from '@/server/firebase/admin-app';
import { cardKey } from '@/server/stats/card-key';
import { beaconFrom } from '../helpers/beacon-from';
import { baseUrl } from '../helpers/browser';
import { eventually } from '../helpers/eventually';

/** STATS_RATE_LIMIT's default, which the run's stack runs with. */
const LIMIT = 60;
const FORGER = '127.0.0.2';
const OTHER = '127.0.0.3';

const created: string[] = [];

afterAll(async () => {
  await Promise.all(created.map((u) => adminDb().recursiveDelete(adminDb().doc(`users/${u}`))));
});

async function newCard(label: string): Promise<string> {
  const username = `buckets-${label}-${Date.now()}`;
  created.push(username);
  await adminDb().doc(`users/${username}`).set({ username, firstName: 'Κουβάς' });
  return username;
}

/** A view of `username` sent from the loopback address `from`, with this X-Forwarded-For if any. */
function view(base: string, username: string, from: string, forwardedFor?: string) {
  const body = beaconBody(
    { username, key: cardKey(process.env.REVALIDATE_SECRET as string, username) },
    'view',
  );
  return beaconFrom(base, body, from, forwardedFor);
}

const viewsOf = async (username: string) =>
  (
    await adminDb()
      .doc(`users/${username}/${STATS_COLLECTION}/${athensDay(Date.now())}`)
      .get()
  ).get('views') as number | undefined;

interface Counted {
  /** One card: the forger's LIMIT + 10, each with a new X-Forwarded-For, then the other's 10. */
  forgedThenOther: number | undefined;
  /** Another card: LIMIT + 10 from the other visitor, with no X-Forwarded-For. */
  plain: number | undefined;
}

/**
 * The views counted once every beacon sent is written: a last view of a third card is sent after
 * all of them were answered (each is answered once counted), and a flush writes all it takes in one
 * batch, so once that card has its view, so have the others.
 */
async function sendViews(base: string, label: string): Promise<Counted> {
  const [mixed, plain, last] = [
    await newCard(`${label}-mixed`),
    await newCard(`${label}-plain`),
    await newCard(`${label}-last`),
  ];
  const statuses = new Set<number>();
  for (let i = 0; i < LIMIT + 10; i++) {
    statuses.add(await view(base, mixed, FORGER, `198.51.100.${i}`));
  }
  for (let i = 0; i < 10; i++) statuses.add(await view(base, mixed, OTHER));
  for (let i = 0; i < LIMIT + 10; i++) statuses.add(await view(base, plain, OTHER));
  statuses.add(await view(base, last, OTHER));
  expect(statuses).toEqual(new Set([204]));
  await eventually(async () => (await viewsOf(last)) !== undefined, {
    every: 200,
    what: `${last} counted`,
  });
  const counted = { forgedThenOther: await viewsOf(mixed), plain: await viewsOf(plain) };
  console.log(`stats buckets, ${label}: ${JSON.stringify(counted)}`);
  return counted;
}

test(`npm run demo (nothing in front of next start): a forged X-Forwarded-For on each of ${LIMIT + 10} beacons still counts ${LIMIT}, in the socket's bucket; another address has its own`, async () => {
  // LIMIT of the forger's and 10 of the other visitor's: trusting the header would count 80, one
  // bucket for everybody 60.
  expect(await sendViews(baseUrl(), 'demo')).toEqual({ forgedThenOther: LIMIT + 10, plain: LIMIT });
});
