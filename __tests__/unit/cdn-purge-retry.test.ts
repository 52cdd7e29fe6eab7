// A purge the CDN refuses is tried again, with a doubling wait, until the CDN accepts it; and what
// was accepted is remembered per card and write (server/cdn/purge-ledger.ts). The CDN is a local
// HTTP server standing in for Cloudflare's purge API, which checks the documented request and
// refuses the first purges as Cloudflare does (a 200 whose body says success: false).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PurgeError } from '@/server/cdn/http';
import {
  isPurged,
  isPurgeUnderWay,
  purgeServed,
  purgeUnderWay,
  PURGE_RETRY_FIRST_MS,
} from '@/server/cdn/purge-ledger';
import { cardTag } from '@/lib/routes';
import { expectConsole } from '@/__tests__/helpers/console';
import { eventually } from '@/__tests__/helpers/eventually';

const REFUSED = 3;
const received: Array<{ at: number; tags: string[] }> = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const documented =
      req.method === 'POST' &&
      req.url === '/client/v4/zones/zone1/purge_cache' &&
      req.headers.authorization === 'Bearer cf-token' &&
      req.headers['content-type'] === 'application/json';
    const tags = documented ? (JSON.parse(body) as { tags: string[] }).tags : [];
    received.push({ at: Date.now(), tags });
    const accepted = documented && received.length > REFUSED;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        success: accepted,
        errors: accepted ? [] : [{ code: 1200, message: 'refused by the test' }],
      }),
    );
  });
});
const saved = { ...process.env };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.CDN_PROVIDER = 'cloudflare';
  process.env.CLOUDFLARE_ZONE_ID = 'zone1';
  process.env.CLOUDFLARE_API_TOKEN = 'cf-token';
  process.env.CLOUDFLARE_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
});

afterAll(async () => {
  process.env = saved;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('a refused purge is retried with a doubling wait until accepted, then remembered', async () => {
  expectConsole('error', /CDN purge of maria refused again; retrying/);
  const quiet = jest.spyOn(console, 'log').mockImplementation(() => {});
  purgeUnderWay('maria');
  expect(isPurgeUnderWay('maria')).toBe(true);
  await expect(purgeServed(new Map([['maria', 'v1']]))).rejects.toThrow(PurgeError);
  expect(isPurgeUnderWay('maria')).toBe(false);
  expect(isPurged('maria', 'v1')).toBe(false);

  await eventually(() => isPurged('maria', 'v1'), { every: 50, what: 'the retried purge' });
  // Another write of the card is not taken for purged.
  expect(isPurged('maria', 'v2')).toBe(false);
  expect(received).toHaveLength(REFUSED + 1);
  expect(received.every(({ tags }) => tags.length === 1 && tags[0] === cardTag('maria'))).toBe(
    true,
  );
  // 1 s, then 2 s, then 4 s: at least that long between tries (less a timer's 20 ms of slack).
  const waits = received.slice(1).map(({ at }, i) => at - received[i].at);
  waits.forEach((wait, i) =>
    expect(wait).toBeGreaterThanOrEqual(PURGE_RETRY_FIRST_MS * 2 ** i - 20),
  );
  quiet.mockRestore();
});
