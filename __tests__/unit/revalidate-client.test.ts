import { requestRevalidation, RevalidateError } from '@/server/revalidation/client';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

test('retries with doubling waits while the site is down, then succeeds', async () => {
  const replies = [
    () => Promise.reject(new Error('ECONNREFUSED')),
    () => Promise.resolve(answer(503, { error: 'busy' })),
    () => Promise.resolve(answer(200, { revalidated: ['maria'] })),
  ];
  const fetchImpl = jest.fn(() => replies.shift()!()) as unknown as typeof fetch;
  const waits: number[] = [];
  const done = await requestRevalidation(['maria'], {
    siteUrl: 'http://site.test',
    secret: 's',
    firstDelayMs: 1,
    fetchImpl,
    onRetry: (_, __, delay) => waits.push(delay),
  });
  expect(done).toEqual(['maria']);
  expect(waits).toEqual([1, 2]);
  const [url, init] = (fetchImpl as unknown as jest.Mock).mock.calls[0];
  expect(url).toBe('http://site.test/api/revalidate');
  expect(init.headers.authorization).toBe('Bearer s');
  expect(JSON.parse(init.body)).toEqual({ usernames: ['maria'] });
});

test('a client error (wrong secret) is final: no retry', async () => {
  const fetchImpl = jest.fn(async () => answer(401, { error: 'Missing or wrong bearer token.' }));
  await expect(
    requestRevalidation(['maria'], {
      siteUrl: 'http://site.test',
      secret: 'bad',
      firstDelayMs: 1,
      fetchImpl: fetchImpl as unknown as typeof fetch,
    }),
  ).rejects.toThrow(new RevalidateError('HTTP 401: Missing or wrong bearer token.', 401));
  expect(fetchImpl).toHaveBeenCalledTimes(1);
});

test('gives up after its retries, naming the last reason', async () => {
  const fetchImpl = jest.fn(async () => {
    throw new Error('ECONNREFUSED');
  });
  await expect(
    requestRevalidation(['maria'], {
      siteUrl: 'http://site.test',
      secret: 's',
      retries: 2,
      firstDelayMs: 1,
      fetchImpl: fetchImpl as unknown as typeof fetch,
    }),
  ).rejects.toThrow('http://site.test/api/revalidate: ECONNREFUSED');
  expect(fetchImpl).toHaveBeenCalledTimes(3);
});

test('a recheck is marked as one in the body, so that the endpoint sends no recheck of its own', async () => {
  const fetchImpl = jest.fn(async () => answer(200, { revalidated: ['maria'] }));
  await requestRevalidation(['maria'], {
    siteUrl: 'http://site.test',
    secret: 's',
    recheck: true,
    fetchImpl: fetchImpl as unknown as typeof fetch,
  });
  const [, init] = (fetchImpl as unknown as jest.Mock).mock.calls[0];
  expect(JSON.parse(init.body)).toEqual({ usernames: ['maria'], recheck: true });
});
