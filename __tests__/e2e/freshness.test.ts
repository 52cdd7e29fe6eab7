/**
 * @run-alone it runs the change watcher, which sees every edit, and deletes a card others read
 */
// Freshness: on-demand revalidation and the change watcher, against the production build on the
// emulator (stale-while-down.test.ts: serving while Firestore is away).
import { spawn } from 'node:child_process';
import { cardChanged } from '@/server/card-stamp';
import { adminDb } from '@/server/firebase/admin-app';
import { ROOT } from '@/tools/lib/paths';
import { startWatcher } from '@/daemon/card-watcher';
import { baseUrl } from '../helpers/browser';
import { get } from '../helpers/http';
import { revalidate, secret, timeUntilShown } from '../helpers/revalidate';

/** Ms until the path answers `status`; the revalidation regenerates in the background. */
async function timeUntilStatus(pathname: string, status: number, limitMs = 5000) {
  const since = Date.now();
  for (;;) {
    const res = await fetch(`${baseUrl()}${pathname}`);
    await res.arrayBuffer();
    if (res.status === status) return Date.now() - since;
    if (Date.now() - since > limitMs) throw new Error(`${pathname} never answered ${status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('POST /api/revalidate', () => {
  test.each([
    ['no Authorization header', 401, null, { username: 'maria' }],
    ['a wrong secret', 401, 'Bearer wrong', { username: 'maria' }],
    ['a secret without Bearer', 401, 'SECRET', { username: 'maria' }],
    ['malformed JSON', 400, 'ok', '{"username":'],
    ['an invalid username', 400, 'ok', { username: 'a/b' }],
    ['a list over 100', 400, 'ok', { usernames: Array.from({ length: 101 }, (_, i) => `u${i}`) }],
    ['both keys', 400, 'ok', { username: 'a', usernames: ['b'] }],
    ['a number', 400, 'ok', { username: 42 }],
  ])('%s → %i', async (_, status, auth, body) => {
    const header = auth === 'ok' ? `Bearer ${secret()}` : auth === 'SECRET' ? secret() : auth;
    const res = await revalidate(body, header);
    expect(res.status).toBe(status);
    const text = await res.text();
    expect(text).not.toContain(secret());
    expect(text).not.toMatch(/at .*\.(js|ts):\d+/);
    expect(JSON.parse(text)).toHaveProperty('error');
  });

  test('a valid list → 200 with the usernames revalidated', async () => {
    const res = await revalidate({ usernames: ['kostas', 'nikos', 'kostas'] });
    expect(res.status).toBe(200);
    expect((await res.json()).revalidated).toEqual(['kostas', 'nikos']);
  });

  test('other methods → 405', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await fetch(`${baseUrl()}/api/revalidate`, { method });
      expect([method, res.status, res.headers.get('allow')]).toEqual([method, 405, 'POST']);
    }
  });
});

test('with the watcher running, an edit of jobTitle reaches the page and the vCard', async () => {
  const logs: string[] = [];
  const watcher = startWatcher({
    db: adminDb(),
    siteUrl: baseUrl(),
    secret: secret(),
    log: (line) => logs.push(line),
  });
  try {
    await watcher.ready;
    // Both are cached before the edit.
    expect((await get('/alice')).body).toContain('Product Designer');
    expect((await get('/alice/vcard')).body).toContain('TITLE:Product Designer');
    const title = `Head of Design ${Date.now()}`;
    const written = Date.now();
    await adminDb()
      .doc('users/alice')
      .update({ jobTitle: title, ...cardChanged() });
    const pageMs = await timeUntilShown('/alice', title, written);
    const vcardMs = await timeUntilShown('/alice/vcard', `TITLE:${title}`, written);
    console.log(`freshness: write → page ${pageMs} ms, write → vCard ${vcardMs} ms (goal < 2000)`);
    expect(
      logs.some((l) => /^revalidated alice \(modified\) \d+ ms after the change$/.test(l)),
    ).toBe(true);
  } finally {
    await watcher.stop();
  }
});

test('several edits within a second give one call per username', async () => {
  const calls: string[][] = [];
  const watcher = startWatcher({
    db: adminDb(),
    siteUrl: baseUrl(),
    secret: secret(),
    log: () => {},
    fetchImpl: async (url, init) => {
      calls.push(JSON.parse(String(init?.body)).usernames);
      return fetch(url, init);
    },
  });
  try {
    await watcher.ready;
    for (let i = 0; i < 4; i++) {
      await adminDb()
        .doc('users/nikos')
        .update({ city: `Αθήνα ${i}`, ...cardChanged() });
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1500));
    expect(calls).toEqual([['nikos']]);
  } finally {
    await watcher.stop();
    await adminDb()
      .doc('users/nikos')
      .update({ city: 'Αθήνα', ...cardChanged() });
  }
});

test('a profile created after the build: 404 before, 200 after creation and revalidation', async () => {
  const username = `new-${Date.now()}`;
  expect((await get(`/${username}`)).status).toBe(404);
  await adminDb().doc(`users/${username}`).set({ username, firstName: 'Νέα', lastName: 'Κάρτα' });
  expect((await revalidate({ username })).status).toBe(200);
  const shown = await timeUntilShown(`/${username}`, 'Νέα Κάρτα', Date.now(), baseUrl(), 5000);
  console.log(`created → 200 ${shown} ms after the revalidation answered`);
  expect((await get(`/${username}`)).status).toBe(200);
});

test('a profile deleted: 404 after revalidation', async () => {
  expect((await get('/malformed-empty')).status).toBe(200);
  const snapshot = await adminDb().doc('users/malformed-empty').get();
  await adminDb().doc('users/malformed-empty').delete();
  try {
    expect((await revalidate({ username: 'malformed-empty' })).status).toBe(200);
    const gone = await timeUntilStatus('/malformed-empty', 404);
    console.log(`deleted → 404 ${gone} ms after the revalidation answered`);
    expect((await get('/malformed-empty')).body).toContain('Oops!');
    await timeUntilStatus('/malformed-empty/vcard', 404);
  } finally {
    await adminDb().doc('users/malformed-empty').set(snapshot.data()!);
    await revalidate({ username: 'malformed-empty' });
  }
  await timeUntilStatus('/malformed-empty', 200);
  await timeUntilStatus('/malformed-empty/vcard', 200);
});

test('npm run revalidate: clear output and exit code', async () => {
  const run = (args: string[], env: NodeJS.ProcessEnv) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn('npm', ['run', '--silent', 'revalidate', '--', ...args], {
        cwd: ROOT,
        env,
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d));
      child.stderr.on('data', (d: Buffer) => (out += d));
      child.on('exit', (code) => resolve({ code, out }));
    });
  const ok = await run(['maria', 'nikos', '--url', baseUrl()], process.env);
  expect(ok).toEqual({ code: 0, out: `Revalidated on ${baseUrl()}: maria, nikos\n` });
  const wrong = await run(['maria', '--url', baseUrl()], {
    ...process.env,
    REVALIDATE_SECRET: 'wrong',
  });
  expect(wrong.code).toBe(1);
  expect(wrong.out).toContain('Revalidation failed: HTTP 401');
  const usage = await run([], process.env);
  expect(usage.code).toBe(2);
  expect(usage.out).toContain('Usage: npm run revalidate -- <username>');
});
