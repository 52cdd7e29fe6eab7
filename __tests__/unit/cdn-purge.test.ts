// The purge adapters against real local HTTP servers standing in for Cloudflare's and Fastly's
// APIs (and a Varnish purge URL): each checks the request its provider documents and answers as
// the provider would, errors and rate limits included. Real Varnish is in e2e/cdn-varnish.test.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { batches } from '@/server/cdn/batches';
import { PurgeError, retryAfterMs, sendWithRetry } from '@/server/cdn/http';
import { purgeCards, purgeTags } from '@/server/cdn/purge';
import { cardTag, companyTag } from '@/lib/routes';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A loopback HTTP server that records every request and answers with `reply(request, n)`. */
class FakeApi {
  readonly received: Received[] = [];
  private server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        at: Date.now(),
      };
      this.received.push(request);
      const reply = this.reply(request, this.received.length);
      if (reply === 'hang') return;
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });

  constructor(private reply: (request: Received, n: number) => Reply | 'hang') {}

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const CDN_VARS = [
  'CDN_PROVIDER',
  'VARNISH_PURGE_URL',
  'CLOUDFLARE_ZONE_ID',
  'CLOUDFLARE_API_TOKEN',
  'CLOUDFLARE_API_URL',
  'FASTLY_SERVICE_ID',
  'FASTLY_API_TOKEN',
  'FASTLY_API_URL',
];
const savedEnv = Object.fromEntries(CDN_VARS.map((name) => [name, process.env[name]]));
let api: FakeApi | undefined;

afterEach(async () => {
  await api?.stop();
  api = undefined;
  for (const name of CDN_VARS) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

async function fake(reply: (request: Received, n: number) => Reply | 'hang'): Promise<string> {
  api = new FakeApi(reply);
  return api.start();
}

function received(): Received[] {
  if (!api) throw new Error('no fake API running');
  return api.received;
}

const CF_OK: Reply = { status: 200, body: { success: true, errors: [], result: { id: 'p1' } } };
const FASTLY_OK: Reply = { status: 200, body: {} };
const usernames = (n: number) => Array.from({ length: n }, (_, i) => `user-${i}`);

/** Answers `first` to the first request and `then` to every later one. */
const firstThen = (first: Reply, then: Reply) => (_: Received, n: number) =>
  n === 1 ? first : then;

/**
 * Purges `n` cards, expects every card's tag sent once and in order (`keysOf` reads a request's),
 * and returns how many each request carried.
 */
async function batchSizes(n: number, keysOf: (request: Received) => string[]): Promise<number[]> {
  await purgeCards(usernames(n));
  const sent = received().map(keysOf);
  expect(sent.flat()).toEqual(usernames(n).map(cardTag));
  return sent.map((keys) => keys.length);
}

/** Expects two requests, the second sent at least about a second after the first. */
function expectRetriedAfterASecond(): [Received, Received] {
  const [first, second] = received();
  expect(received()).toHaveLength(2);
  expect(second.at - first.at).toBeGreaterThanOrEqual(900);
  return [first, second];
}

async function useCloudflare(reply: (request: Received, n: number) => Reply | 'hang') {
  process.env.CDN_PROVIDER = 'cloudflare';
  process.env.CLOUDFLARE_ZONE_ID = 'zone123';
  process.env.CLOUDFLARE_API_TOKEN = 'cf-token';
  process.env.CLOUDFLARE_API_URL = `${await fake(reply)}/client/v4`;
}

async function useFastly(reply: (request: Received, n: number) => Reply | 'hang') {
  process.env.CDN_PROVIDER = 'fastly';
  process.env.FASTLY_SERVICE_ID = 'svc456';
  process.env.FASTLY_API_TOKEN = 'fastly-token';
  process.env.FASTLY_API_URL = await fake(reply);
}

test('without a CDN, purgeCards does nothing and resolves', async () => {
  delete process.env.CDN_PROVIDER;
  await expect(purgeCards(['maria'])).resolves.toBeUndefined();
});

describe('Cloudflare: purge by cache tag', () => {
  test('POST /zones/{zone}/purge_cache with a Bearer token and {"tags": [...]}', async () => {
    await useCloudflare(() => CF_OK);
    await purgeCards(['maria', 'μαρία', 'maria']);
    expect(received()).toHaveLength(1);
    const [request] = received();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/client/v4/zones/zone123/purge_cache');
    expect(request.headers.authorization).toBe('Bearer cf-token');
    expect(request.headers['content-type']).toBe('application/json');
    // The very tags the card's routes put in Cache-Tag, each once.
    expect(JSON.parse(request.body)).toEqual({ tags: [cardTag('maria'), cardTag('μαρία')] });
  });

  test('at most 100 tags per request (Cloudflare\'s "max operations per request")', async () => {
    await useCloudflare(() => CF_OK);
    const tagsOf = (r: Received) => (JSON.parse(r.body) as { tags: string[] }).tags;
    expect(await batchSizes(250, tagsOf)).toEqual([100, 100, 50]);
  });

  test('a 429 with Retry-After is waited out, then the purge succeeds', async () => {
    const limited: Reply = {
      status: 429,
      headers: { 'retry-after': '1' },
      body: { success: false, errors: [{ code: 10000, message: 'rate limited' }] },
    };
    await useCloudflare(firstThen(limited, CF_OK));
    await purgeCards(['maria']);
    const [first, second] = expectRetriedAfterASecond();
    expect(second.body).toBe(first.body);
  });

  test("a 200 that says success: false is a failure, with Cloudflare's reason", async () => {
    await useCloudflare(() => ({
      status: 200,
      body: { success: false, errors: [{ code: 1134, message: 'Invalid tag' }] },
    }));
    await expect(purgeCards(['maria'])).rejects.toThrow(/Cloudflare.*1134: Invalid tag/);
  });

  test('a 5xx is retried a bounded number of times, then the purge fails clearly', async () => {
    await useCloudflare(() => ({ status: 503, body: { success: false } }));
    const error = await purgeCards(['maria']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PurgeError);
    expect((error as Error).message).toMatch(
      /^Cloudflare purge .* failed after retries .*HTTP 503/,
    );
    expect(received()).toHaveLength(4);
  });

  test('a 4xx other than 429 is final: one request, an error naming the status', async () => {
    await useCloudflare(() => ({
      status: 403,
      body: { success: false, errors: [{ code: 10000, message: 'Authentication error' }] },
    }));
    await expect(purgeCards(['maria'])).rejects.toThrow(/refused \(HTTP 403.*Authentication error/);
    expect(received()).toHaveLength(1);
  });

  test('a Retry-After past the time budget fails at once instead of blocking', async () => {
    await useCloudflare(() => ({ status: 429, headers: { 'retry-after': '60' } }));
    const started = Date.now();
    await expect(purgeCards(['maria'])).rejects.toThrow(/retry after 60 s, past/);
    expect(received()).toHaveLength(1);
    // eslint-disable-next-line no-restricted-syntax -- bound is the behaviour: it fails at once rather than wait the 60 s it was told (idle: a few ms)
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

describe('Fastly: purge by surrogate key', () => {
  test('POST /service/{id}/purge with Fastly-Key and the keys in Surrogate-Key', async () => {
    await useFastly(() => ({ status: 200, body: { [cardTag('maria')]: 'purge-id' } }));
    await purgeCards(['maria', 'μαρία']);
    expect(received()).toHaveLength(1);
    const [request] = received();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/service/svc456/purge');
    expect(request.headers['fastly-key']).toBe('fastly-token');
    expect(request.headers['surrogate-key']).toBe(`${cardTag('maria')} ${cardTag('μαρία')}`);
    // A hard purge: a soft one would let Fastly serve the old card once more.
    expect(request.headers['fastly-soft-purge']).toBeUndefined();
    expect(request.body).toBe('');
  });

  test("at most 256 keys per request (Fastly's batch limit)", async () => {
    await useFastly(() => FASTLY_OK);
    const keysOf = (r: Received) => String(r.headers['surrogate-key']).split(' ');
    expect(await batchSizes(600, keysOf)).toEqual([256, 256, 88]);
  });

  test('a 429 with an HTTP-date Retry-After is waited out, then succeeds', async () => {
    const limited: Reply = {
      status: 429,
      headers: { 'retry-after': new Date(Date.now() + 2000).toUTCString() },
      body: { msg: 'rate limited' },
    };
    await useFastly(firstThen(limited, FASTLY_OK));
    await purgeCards(['maria']);
    // An HTTP-date has whole seconds: at least one second of the two was waited.
    expectRetriedAfterASecond();
  });

  test('a 5xx then a 200: retried after a backoff, and resolved', async () => {
    await useFastly(firstThen({ status: 502 }, FASTLY_OK));
    await purgeCards(['maria']);
    expect(received()).toHaveLength(2);
  });

  test('a 5xx every time: bounded retries, then a clear error', async () => {
    await useFastly(() => ({ status: 500, body: { msg: 'internal' } }));
    await expect(purgeCards(['maria'])).rejects.toThrow(
      /^Fastly purge .* failed after retries \(last: HTTP 500: \{"msg":"internal"\}\)/,
    );
    expect(received()).toHaveLength(4);
  });

  test('a 4xx is final', async () => {
    await useFastly(() => ({ status: 401, body: { msg: 'Provided credentials are missing' } }));
    await expect(purgeCards(['maria'])).rejects.toThrow(/Fastly .* refused \(HTTP 401/);
    expect(received()).toHaveLength(1);
  });

  test("a key over Fastly's 1024 bytes: the others are purged, then the purge fails", async () => {
    await useFastly(() => FASTLY_OK);
    const long = 'λ'.repeat(200); // 200 × %CE%BB = 1,200 bytes of tag
    await expect(purgeCards(['maria', long])).rejects.toThrow(/longer than 1024 bytes/);
    expect(received().map((r) => r.headers['surrogate-key'])).toEqual([cardTag('maria')]);
  });
});

describe('Varnish: PURGE by surrogate key', () => {
  test('PURGE to VARNISH_PURGE_URL with the keys in Surrogate-Key', async () => {
    process.env.CDN_PROVIDER = 'varnish';
    process.env.VARNISH_PURGE_URL = `${await fake(() => ({ status: 200 }))}/`;
    await purgeCards(['maria', 'nikos']);
    expect(received()).toHaveLength(1);
    expect(received()[0]).toMatchObject({ method: 'PURGE', url: '/' });
    expect(received()[0].headers['surrogate-key']).toBe('card-maria card-nikos');
  });

  test("purgeTags: a company's tag, once, however many cards carry it; each tag once", async () => {
    process.env.CDN_PROVIDER = 'varnish';
    process.env.VARNISH_PURGE_URL = `${await fake(() => ({ status: 200 }))}/`;
    await purgeTags([companyTag('studio-fos'), companyTag('studio-fos')]);
    expect(received()).toHaveLength(1);
    expect(received()[0].headers['surrogate-key']).toBe(companyTag('studio-fos'));
  });

  test('Varnish refusing (not in its ACL) is a clear, final error', async () => {
    process.env.CDN_PROVIDER = 'varnish';
    process.env.VARNISH_PURGE_URL = `${await fake(() => ({ status: 403 }))}/`;
    await expect(purgeCards(['maria'])).rejects.toThrow(/^Varnish purge .* refused \(HTTP 403\)/);
  });
});

describe('the retry policy', () => {
  test('a CDN that never answers is given up at the deadline', async () => {
    const url = await fake(() => 'hang');
    const started = Date.now();
    const attempt = sendWithRetry('Test purge', (signal) => fetch(url, { signal }), started + 1500);
    await expect(attempt).rejects.toThrow(/^Test purge failed after retries \(last: TimeoutError/);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1400);
    // eslint-disable-next-line no-restricted-syntax -- bound is the behaviour: given up at its 1.5 s deadline, not retried on (10× the idle figure)
    expect(took).toBeLessThan(15_000);
  });

  test('a CDN that refuses connections is retried, then reported', async () => {
    const url = await fake(() => ({ status: 200 }));
    await api?.stop();
    api = undefined;
    await expect(
      sendWithRetry('Test purge', (signal) => fetch(url, { signal }), Date.now() + 10_000),
    ).rejects.toThrow(/failed after retries \(last: TypeError: fetch failed/);
  });

  test('Retry-After in seconds or as an HTTP-date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  test('batches respect both the count and the byte limit', () => {
    expect(batches(['a', 'b', 'c'], { maxCount: 2 })).toEqual([['a', 'b'], ['c']]);
    // "aaaa bbbb" is 9 bytes: a third key would make it 14.
    expect(batches(['aaaa', 'bbbb', 'cccc'], { maxCount: 10, maxBytes: 10 })).toEqual([
      ['aaaa', 'bbbb'],
      ['cccc'],
    ]);
    expect(batches(['toolongkey', 'a'], { maxCount: 10, maxBytes: 4 })).toEqual([
      ['toolongkey'],
      ['a'],
    ]);
    expect(batches([], { maxCount: 1 })).toEqual([]);
  });
});
