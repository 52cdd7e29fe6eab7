import {
  checkAuthorization,
  MAX_USERNAMES,
  parseRevalidateBody,
  secretMatches,
} from '@/server/revalidation/request';

test('secrets compare equal only when equal, whatever their lengths', () => {
  expect(secretMatches('s3cret', 's3cret')).toBe(true);
  expect(secretMatches('s3cret', 's3cre')).toBe(false);
  expect(secretMatches('', 's3cret')).toBe(false);
});

test('authorization: 503 unconfigured, 401 missing or wrong, null when right', () => {
  expect(checkAuthorization('Bearer x', undefined)).toMatchObject({ status: 503 });
  expect(checkAuthorization(null, 'x')).toMatchObject({ status: 401 });
  expect(checkAuthorization('x', 'x')).toMatchObject({ status: 401 });
  expect(checkAuthorization('Bearer y', 'x')).toMatchObject({ status: 401 });
  expect(checkAuthorization('Bearer x', 'x')).toBeNull();
});

test.each([
  [null],
  [[]],
  ['maria'],
  [{}],
  [{ username: 'a', usernames: ['b'] }],
  [{ usernames: 'maria' }],
  [{ usernames: [] }],
  [{ username: '' }],
  [{ username: '..' }],
  [{ username: '__x__' }],
  [{ usernames: ['ok', 5] }],
  [{ username: 'maria', recheck: 'yes' }],
  [{ usernames: Array.from({ length: MAX_USERNAMES + 1 }, (_, i) => `u${i}`) }],
])('a malformed body is a 400: %j', (body) => {
  expect(parseRevalidateBody(body)).toMatchObject({ ok: false, status: 400 });
});

test('one username or up to 100, duplicates folded', () => {
  expect(parseRevalidateBody({ username: 'maria' })).toEqual({
    ok: true,
    usernames: ['maria'],
    recheck: false,
  });
  const hundred = Array.from({ length: MAX_USERNAMES }, (_, i) => `u${i}`);
  expect(parseRevalidateBody({ usernames: hundred })).toEqual({
    ok: true,
    usernames: hundred,
    recheck: false,
  });
  expect(parseRevalidateBody({ usernames: ['a', 'b', 'a'] })).toEqual({
    ok: true,
    usernames: ['a', 'b'],
    recheck: false,
  });
});

test('a recheck says so, and only with a boolean', () => {
  expect(parseRevalidateBody({ usernames: ['maria'], recheck: true })).toEqual({
    ok: true,
    usernames: ['maria'],
    recheck: true,
  });
  expect(parseRevalidateBody({ username: 'maria', recheck: false })).toMatchObject({
    recheck: false,
  });
});

test("a company's cards: its id alone, with or without a recheck", () => {
  expect(parseRevalidateBody({ companyId: 'studio-fos' })).toEqual({
    ok: true,
    companyId: 'studio-fos',
    recheck: false,
  });
  expect(parseRevalidateBody({ companyId: 'Ab3_x', recheck: true })).toMatchObject({
    recheck: true,
  });
  for (const body of [
    { companyId: '' },
    { companyId: 'a/b' },
    { companyId: 7 },
    { companyId: 'x'.repeat(129) },
    { companyId: 'acme', usernames: ['maria'] },
    { companyId: 'acme', username: 'maria' },
  ]) {
    expect(parseRevalidateBody(body)).toMatchObject({ ok: false, status: 400 });
  }
});

test('the route answers 503 without revealing anything when REVALIDATE_SECRET is not set', async () => {
  const saved = process.env.REVALIDATE_SECRET;
  delete process.env.REVALIDATE_SECRET;
  try {
    const { POST } = await import('@/app/api/revalidate/route');
    const res = await POST(
      new Request('http://site.test/api/revalidate', {
        method: 'POST',
        headers: { authorization: 'Bearer anything' },
        body: JSON.stringify({ username: 'maria' }),
      }),
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'On-demand revalidation is not configured.' });
  } finally {
    if (saved !== undefined) process.env.REVALIDATE_SECRET = saved;
  }
});
