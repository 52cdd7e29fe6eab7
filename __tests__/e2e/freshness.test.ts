// Freshness: on-demand revalidation and the run's change watcher (the daemon of `npm run watch`),
// against the production build on the emulator (stale-while-down.test.ts: serving while Firestore
// is away).
import { spawn } from 'node:child_process';
import { cardChanged } from '@/server/card-stamp';
import { adminDb } from '@/server/firebase/admin-app';
import { ROOT } from '@/tools/lib/paths';
import { baseUrl } from '../helpers/browser';
import { markDaemonLog } from '../helpers/daemon';
import { get } from '../helpers/http';
import { revalidate, secret, timeUntilShown } from '../helpers/revalidate';
import { eventually } from '../helpers/eventually';

/** Ms until the path answers `status`; the revalidation regenerates in the background. */
async function timeUntilStatus(pathname: string, status: number) {
  const since = Date.now();
  await eventually(
    async () => {
      const res = await fetch(`${baseUrl()}${pathname}`);
      await res.arrayBuffer();
      return res.status === status;
    },
    { every: 25, what: `${pathname} answering ${status}` },
  );
  return Date.now() - since;
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

test('the watcher sees an edit of jobTitle: it reaches the page and the vCard', async () => {
  const daemon = markDaemonLog();
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
  await daemon.waitFor(/^revalidated alice \(modified\) \d+ ms after the change$/);
});

test('several edits within a second give one call per username', async () => {
  const username = `several-${Date.now()}`;
  await adminDb().doc(`users/${username}`).set({ username, firstName: 'Πολλές', city: 'Αθήνα' });
  const daemon = markDaemonLog();
  // Back to back, each its own change: well within one batch window even on a busy machine.
  for (let i = 0; i < 4; i++) {
    await adminDb()
      .doc(`users/${username}`)
      .update({ city: `Αθήνα ${i}`, ...cardChanged() });
  }
  await daemon.waitFor(new RegExp(`^revalidated ${username} `));
  // A card edited after that call is revalidated in a later window: had the edits not been
  // batched into one call, their second would have come by then.
  const later = `${username}-later`;
  await adminDb()
    .doc(`users/${later}`)
    .set({ username: later, firstName: 'Μετά', ...cardChanged() });
  await daemon.waitFor(new RegExp(`^revalidated ${later} `));
  expect(daemon.lines().filter((line) => line.startsWith(`revalidated ${username} `))).toHaveLength(
    1,
  );
});

test('a profile created after the build: 404 before, 200 after creation and revalidation', async () => {
  const username = `new-${Date.now()}`;
  expect((await get(`/${username}`)).status).toBe(404);
  await adminDb().doc(`users/${username}`).set({ username, firstName: 'Νέα', lastName: 'Κάρτα' });
  expect((await revalidate({ username })).status).toBe(200);
  const shown = await timeUntilShown(`/${username}`, 'Νέα Κάρτα', Date.now());
  console.log(`created → 200 ${shown} ms after the revalidation answered`);
  expect((await get(`/${username}`)).status).toBe(200);
});

test('a profile deleted: 404 after revalidation', async () => {
  const username = `deleted-${Date.now()}`;
  await adminDb()
    .doc(`users/${username}`)
    .set({ username, firstName: 'Σβησμένη', lastName: 'Κάρτα' });
  expect((await revalidate({ username })).status).toBe(200);
  await timeUntilStatus(`/${username}`, 200);
  await timeUntilStatus(`/${username}/vcard`, 200);
  await adminDb().doc(`users/${username}`).delete();
  expect((await revalidate({ username })).status).toBe(200);
  const gone = await timeUntilStatus(`/${username}`, 404);
  console.log(`deleted → 404 ${gone} ms after the revalidation answered`);
  expect((await get(`/${username}`)).body).toContain('Oops!');
  await timeUntilStatus(`/${username}/vcard`, 404);
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
