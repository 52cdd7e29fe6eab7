// The CDN for real: Debian's Varnish with karta's VCL in front of the e2e server (and of a relay
// to it, a second origin that can die). Cards carry their tag, Varnish caches them, a purge by
// tag drops every copy of one card and nothing else, the QR code's ?src=qr shares the card's
// object, a 404 is kept only briefly, and a dead origin is taken out while Varnish keeps answering.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminDb } from '@/server/firebase/admin-app';
import { purgeCards } from '@/server/cdn/purge';
import { cardTag } from '@/lib/routes';
import { startVarnish, type RunningVarnish } from '@/tools/lib/varnish';
import { seedProfiles } from '@/tools/lib/seed';
import { baseUrl } from '../helpers/browser';
import { eventually } from '../helpers/eventually';
import { get } from '../helpers/http';

const GREEK = `δοκιμή-cdn-${process.pid}`;
const GREEK_PATH = `/${encodeURIComponent(GREEK)}`;

/** The kinds of response one card has, each cached by Varnish on its own. */
const MARIA: Record<string, { path: string; headers: Record<string, string> }> = {
  page: { path: '/maria', headers: {} },
  vCard: { path: '/maria/vcard', headers: {} },
  QR: { path: '/maria/qr.svg', headers: {} },
};
const KINDS = Object.keys(MARIA);

/** A second origin: a relay to the e2e server that counts what it forwards and can be killed. */
class Relay {
  forwarded = 0;

  /** `cacheControl` replaces the origin's Cache-Control on what it relays. */
  constructor(private cacheControl?: string) {}

  private server = http.createServer((req, res) => {
    // The health probes ask for "/"; only the visitors' requests count.
    if (req.url !== '/') this.forwarded++;
    const target = new URL(req.url ?? '/', baseUrl());
    const upstream = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        const headers = { ...answer.headers };
        if (this.cacheControl) headers['cache-control'] = this.cacheControl;
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Dies as a crashed origin does: connections cut, the port refusing. */
  async kill(): Promise<void> {
    if (!this.server.listening) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let varnish: RunningVarnish;
const relay = new Relay();
const savedEnv = { provider: process.env.CDN_PROVIDER, url: process.env.VARNISH_PURGE_URL };

async function viaCdn(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${varnish.url}${path}`, { headers, redirect: 'manual' });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

beforeAll(async () => {
  await seedProfiles(adminDb(), [
    { username: GREEK, firstName: 'Δοκιμή', lastName: 'Κρυφής Μνήμης', jobTitle: 'Ελέγκτρια' },
  ]);
  const origin = new URL(baseUrl()).host;
  varnish = await startVarnish({ backends: [origin, await relay.start()] });
  process.env.CDN_PROVIDER = 'varnish';
  process.env.VARNISH_PURGE_URL = varnish.purgeUrl;
});

afterAll(async () => {
  await varnish?.stop();
  await relay.kill();
  await adminDb().collection('users').doc(GREEK).delete();
  if (savedEnv.provider === undefined) delete process.env.CDN_PROVIDER;
  else process.env.CDN_PROVIDER = savedEnv.provider;
  if (savedEnv.url === undefined) delete process.env.VARNISH_PURGE_URL;
  else process.env.VARNISH_PURGE_URL = savedEnv.url;
});

test('the origin tags its ISR-cached card itself (the tags are stored with the cached response)', async () => {
  await get('/maria');
  const cached = await get('/maria');
  expect(cached.status).toBe(200);
  expect(cached.headers.get('x-nextjs-cache')).toMatch(/HIT|STALE/);
  expect(cached.headers.get('surrogate-key')).toBe(cardTag('maria'));
  expect(cached.headers.get('cache-tag')).toBe(cardTag('maria'));
});

test("a path that can name no card is a 404 with no tag; a free username's 404 has its tag", async () => {
  const invalid = await get('/__name__');
  expect(invalid.status).toBe(404);
  expect(invalid.headers.get('surrogate-key')).toBeNull();
  expect(invalid.headers.get('cache-tag')).toBeNull();
  for (const path of ['/nobody-yet', '/nobody-yet/vcard', '/nobody-yet/qr.svg']) {
    const free = await get(path);
    expect([path, free.status, free.headers.get('cache-tag')]).toEqual([
      path,
      404,
      cardTag('nobody-yet'),
    ]);
  }
});

test.each(KINDS)(
  "the card's %s carries both tag headers through Varnish, and the second request is a hit",
  async (kind) => {
    const { path, headers } = MARIA[kind];
    const first = await viaCdn(path, headers);
    expect(first.status).toBe(200);
    const second = await viaCdn(path, headers);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('age')).not.toBeNull();
    expect(second.body).toBe(first.body);
    for (const res of [first, second]) {
      expect(res.headers.get('surrogate-key')).toBe(cardTag('maria'));
      expect(res.headers.get('cache-tag')).toBe(cardTag('maria'));
    }
  },
);

test('the page, its vCard and its QR code are cached apart, each of its own kind', async () => {
  expect((await viaCdn(MARIA.page.path)).headers.get('content-type')).toMatch(/^text\/html/);
  expect((await viaCdn(MARIA.vCard.path)).headers.get('content-type')).toMatch(/^text\/vcard/);
  expect((await viaCdn(MARIA.QR.path)).headers.get('content-type')).toMatch(/^image\/svg\+xml/);
});

test('purgeCards() drops every copy of those cards from Varnish, and nothing else', async () => {
  const warm = async () => {
    for (const { path, headers } of Object.values(MARIA)) await viaCdn(path, headers);
    await viaCdn(GREEK_PATH);
    await viaCdn('/nikos');
  };
  await warm();
  const greek = await viaCdn(GREEK_PATH);
  expect([greek.status, greek.headers.get('x-cache')]).toEqual([200, 'HIT']);
  expect(greek.headers.get('surrogate-key')).toBe(cardTag(GREEK));
  for (const { path, headers } of Object.values(MARIA)) {
    expect((await viaCdn(path, headers)).headers.get('x-cache')).toBe('HIT');
  }

  await purgeCards(['maria', GREEK]);

  for (const [kind, { path, headers }] of Object.entries(MARIA)) {
    const res = await viaCdn(path, headers);
    expect([kind, res.status, res.headers.get('x-cache')]).toEqual([kind, 200, 'MISS']);
  }
  expect((await viaCdn(GREEK_PATH)).headers.get('x-cache')).toBe('MISS');
  const other = await viaCdn('/nikos');
  expect(other.headers.get('x-cache')).toBe('HIT');
});

test("another spelling of a card's address (lower-case hex) is a redirect to its one object, never a copy of the card", async () => {
  for (let round = 0; round < 2; round++) {
    const res = await viaCdn(GREEK_PATH.toLowerCase());
    expect([res.status, res.headers.get('location')]).toEqual([308, GREEK_PATH]);
    expect(res.headers.get('surrogate-key')).toBeNull();
    expect(res.body).not.toContain('Ελέγκτρια');
  }
});

test("the QR code's ?src=qr is one object with the card: a hit, the same body, purged with it", async () => {
  await purgeCards(['maria']);
  const fromQr = await viaCdn('/maria?src=qr');
  expect([fromQr.status, fromQr.headers.get('x-cache')]).toEqual([200, 'MISS']);
  const plain = await viaCdn('/maria');
  expect(plain.headers.get('x-cache')).toBe('HIT');
  expect(plain.body).toBe(fromQr.body);
  for (const path of ['/maria?src=qr', '/maria?src=qr&src=qr', '/maria?src']) {
    expect([path, (await viaCdn(path)).headers.get('x-cache')]).toEqual([path, 'HIT']);
  }
  // Any other parameter still makes an object of its own, as before.
  const other = `/maria?lb=${process.pid}-qr`;
  expect((await viaCdn(`${other}&src=qr`)).headers.get('x-cache')).toBe('MISS');
  expect((await viaCdn(other)).headers.get('x-cache')).toBe('HIT');

  await purgeCards(['maria']);
  expect((await viaCdn('/maria')).headers.get('x-cache')).toBe('MISS');
  const again = await viaCdn('/maria?src=qr');
  expect([again.headers.get('x-cache'), again.body]).toEqual(['HIT', fromQr.body]);
});

test('a 404 is cached, tagged, and kept only about 10 s, while cards stay cached', async () => {
  const path = `/nobody-${process.pid}-${Date.now()}`;
  // A card cached just before the 404, of its own (a query no other test asks): its Age is
  // Varnish's own clock since then, read when the 404 goes.
  const clock = `/eleni?clock=${process.pid}-${Date.now()}`;
  expect((await viaCdn(clock)).headers.get('x-cache')).toBe('MISS');
  const first = await viaCdn(path);
  expect(first.status).toBe(404);
  expect(first.headers.get('x-cache')).toBe('MISS');
  expect(first.headers.get('surrogate-key')).toBe(cardTag(path.slice(1)));
  const second = await viaCdn(path);
  expect([second.status, second.headers.get('x-cache')]).toEqual([404, 'HIT']);

  // Varnish's TTL is 10 s, not an hour as Next's header says: every copy it serves is at most
  // that old, and it lets the copy go (a MISS) while the card, cached before it, stays.
  const ages: number[] = [];
  await eventually(
    async () => {
      const res = await viaCdn(path);
      if (res.headers.get('x-cache') === 'MISS') return true;
      ages.push(Number(res.headers.get('age')));
      return false;
    },
    { every: 250, what: `${path} dropped by Varnish` },
  );
  expect(ages.filter((age) => !(age <= 10))).toEqual([]);
  const card = await viaCdn(clock);
  expect(card.headers.get('x-cache')).toBe('HIT');
  // Not dropped early: by Varnish's clock, about 10 s had passed.
  expect(Number(card.headers.get('age'))).toBeGreaterThanOrEqual(9);
});

test('with two origins, one dying is taken out and Varnish keeps answering 200', async () => {
  // Uncached URLs (a fresh query each), so every request reaches an origin.
  let n = 0;
  const misses = async (count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await viaCdn(`/kostas?lb=${process.pid}-${n++}`);
      expect(res.headers.get('x-cache')).toBe('MISS');
      statuses.push(res.status);
    }
    return statuses;
  };

  const before = relay.forwarded;
  expect(await misses(8)).toEqual(Array(8).fill(200));
  const relayed = relay.forwarded - before;
  // Round robin: both origins served some of them.
  expect(relayed).toBeGreaterThan(0);
  expect(relayed).toBeLessThan(8);
  expect((await varnish.backendHealth()).every((b) => b.healthy)).toBe(true);

  await relay.kill();
  // Before the probes notice, a request sent to the dead origin is retried on the live one.
  expect(await misses(8)).toEqual(Array(8).fill(200));

  await eventually(
    async () => {
      expect((await varnish.backendHealth()).map((b) => b.healthy)).toEqual([true, false]);
      return true;
    },
    { every: 500, what: 'Varnish counting the dead origin sick, and only it' },
  );
  expect(await misses(8)).toEqual(Array(8).fill(200));
});

test('with every origin down, an expired card is served stale (grace) instead of an error', async () => {
  // One origin whose cards expire after 1 s but, as Next says, may be served stale for a year.
  const shortLived = new Relay('s-maxage=1, stale-while-revalidate=31532400');
  const lone = await startVarnish({ backends: [await shortLived.start()] });
  try {
    const fresh = await fetch(`${lone.url}/alice`);
    expect(fresh.status).toBe(200);
    const body = await fresh.text();
    await shortLived.kill();
    await eventually(async () => !(await lone.backendHealth())[0].healthy, {
      every: 500,
      what: 'Varnish counting its one origin sick',
    });
    // Asked again and again, by Varnish's clock (its Age) until past the 10 s of grace the VCL
    // allows while an origin is healthy (expired at 1 s, so 11 s old): from then on only the
    // all-sick rule (the object's whole grace) can serve it. Each answer is the card, never an
    // error, as visitors asking during the outage would see.
    const wrong: string[] = [];
    await eventually(
      async () => {
        const stale = await fetch(`${lone.url}/alice`);
        const age = stale.headers.get('age');
        const same = (await stale.text()) === body;
        if (stale.status !== 200 || stale.headers.get('x-cache') !== 'HIT' || !same) {
          wrong.push(`${stale.status} ${stale.headers.get('x-cache')} age ${age} same ${same}`);
        }
        return wrong.length > 0 || Number(age) >= 12;
      },
      { every: 500, what: '/alice served from grace, 12 s old by Varnish' },
    );
    expect(wrong).toEqual([]);
  } finally {
    await lone.stop();
    await shortLived.kill();
  }
});

test('stop() leaves no varnishd process behind', async () => {
  const { pid } = varnish;
  await varnish.stop();
  expect(() => process.kill(pid, 0)).toThrow();
  // Manager and cache child shared one process group; pgrep exits 1 when it finds none.
  expect(() => execFileSync('pgrep', ['-g', String(pid)], { stdio: 'pipe' })).toThrow();
});
