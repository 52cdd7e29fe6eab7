// `npm run demo:scale` as a person runs it: the lines it promises, a card through its CDN, the
// REVALIDATE_SECRET it was given, a visitor's contact mailed to the card's owner in its inbox,
// and Ctrl-C leaving no process of its own behind. It starts from the suite's build (`--built`),
// retargeted to a project of its own (`--project`), on the run's Firestore emulator
// (FIRESTORE_EMULATOR_HOST), which it must leave running; the cold build it makes without
// `--built` is `buildNext`, timed by `npm run bench:build`.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { emulatorAnswers } from '@/tools/lib/emulator';
import type { CaughtMail } from '@/tools/lib/mail-catcher';
import { ROOT } from '@/tools/lib/paths';
import { ceiling, eventually, WAIT_MS } from '../helpers/eventually';

const SECRET = 'demo-scale-test-secret';
// The e2e global set-up's production build (made for the e2e stack's project, which is in this
// file's environment), and the demo's own project on the run's emulator: the e2e stack's watcher
// and mailer never see its cards.
const BUILT = process.env.NEXT_DIST_DIR as string;
const PROJECT_ID = 'demo-karta-demo-scale';
// The demo's start (its own ceiling below) and three waits.
const DEMO_MS = ceiling(300_000);
const LINE =
  /^(cdn: \S+|origin: \S+|FIRESTORE_EMULATOR_HOST=\S+|REDIS_URL=\S+|mail: \S+|SMTP_URL=\S+|Auth emulator on \S+ .*)$/;

let demo: ChildProcess | undefined;
let output = '';

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function linesWhenReady(child: ChildProcess, limitMs: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`not ready in ${limitMs} ms:\n${output}`)),
      limitMs,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const lines = output.split('\n').filter((line) => LINE.test(line));
      if (lines.some((line) => line.startsWith('SMTP_URL='))) {
        clearTimeout(timer);
        resolve(lines);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`exited (${code}) before ready:\n${output}`)));
  });
}

afterAll(async () => {
  // Only when the test failed before its Ctrl-C: the same Ctrl-C first, so that the demo stops
  // what it started (each server runs in a process group of its own), then SIGKILL.
  if (!demo?.pid || demo.exitCode !== null || demo.signalCode !== null) return;
  const exited = new Promise((resolve) => demo!.once('exit', resolve));
  process.kill(-demo.pid, 'SIGINT');
  const timer = setTimeout(() => process.kill(-demo!.pid!, 'SIGKILL'), ceiling(WAIT_MS));
  await exited;
  clearTimeout(timer);
});

test(
  'prints its lines, serves cards through its CDN, and Ctrl-C stops everything',
  async () => {
    const runEmulator = process.env.FIRESTORE_EMULATOR_HOST as string;
    // emulatorAnswers gives one try a second: a busy emulator may take longer for one answer.
    const emulatorUp = () =>
      eventually(() => emulatorAnswers(runEmulator), { what: "the run's emulator answering" });
    await emulatorUp();
    const args = ['--built', BUILT, '--project', PROJECT_ID];
    demo = spawn('npm', ['run', '--silent', 'demo:scale', '--', ...args], {
      cwd: ROOT,
      env: { ...process.env, REVALIDATE_SECRET: SECRET },
      detached: true,
    });
    // The Auth emulator and two origins, beside the other e2e files on a busy 2-core machine.
    const lines = await linesWhenReady(demo, ceiling(180_000));
    const value = (prefix: string) =>
      lines.filter((line) => line.startsWith(prefix)).map((line) => line.slice(prefix.length));
    const [cdn] = value('cdn: ');
    const origins = value('origin: ');
    const [firestore] = value('FIRESTORE_EMULATOR_HOST=');
    const [redis] = value('REDIS_URL=');
    const [inbox] = value('mail: ');
    const [smtp] = value('SMTP_URL=');
    const [auth] = value('Auth emulator on ').map((rest) => rest.split(' ')[0]);
    expect(origins).toHaveLength(2);
    expect(inbox).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(smtp).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    // The run's emulator, not one of its own.
    expect(firestore).toBe(runEmulator);
    expect(auth).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(redis).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);

    const card = await fetch(`${cdn}/maria`);
    expect(card.status).toBe(200);
    expect(card.headers.get('surrogate-key')).toBe('card-maria');
    expect(await card.text()).toContain('Μαρία');
    // Its origins read its own project: a change there (as the owner of the emulator, through its
    // REST API) shows once revalidated, with the secret it was given, which its origins check.
    const documents = `http://${firestore}/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
    const jobTitle = `Demo scale title ${Date.now()}`;
    const changed = await fetch(`${documents}/users/maria?updateMask.fieldPaths=jobTitle`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ fields: { jobTitle: { stringValue: jobTitle } } }),
    });
    expect(changed.status).toBe(200);
    const revalidated = await fetch(`${cdn}/api/revalidate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'maria' }),
    });
    expect(revalidated.status).toBe(200);
    await eventually(async () => (await (await fetch(`${cdn}/maria`)).text()).includes(jobTitle), {
      what: "the change in the demo's project through its CDN",
      every: 250,
    });

    // A visitor's contact, as their write leaves it, reaches the demo owner of the card in the inbox.
    const name = `Demo scale ${Date.now()}`;
    const left = await fetch(`${documents}/users/maria/contacts`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({
        fields: {
          name: { stringValue: name },
          email: { stringValue: 'visitor@example.gr' },
          createdAt: { timestampValue: new Date().toISOString() },
        },
      }),
    });
    expect(left.status).toBe(200);
    const mail = await eventually(
      async () => {
        const mails = (await (await fetch(`${inbox}/api/email`)).json()) as CaughtMail[];
        return mails.find((m) => m.subject.includes(name));
      },
      { what: "the visitor's contact mailed to the owner", every: 250 },
    );
    expect(mail.to.map((to) => to.address)).toEqual(['maria@karta.test']);

    const ports = [
      cdn,
      ...origins,
      `http://${auth}`,
      redis.replace('redis:', 'http:'),
      inbox,
      smtp.replace('smtp:', 'http:'),
    ].map((url) => Number(new URL(url).port));
    const exited = new Promise<number | null>((resolve) => demo!.once('exit', resolve));
    // Ctrl-C in a terminal signals the foreground process group: npm and the script under it.
    process.kill(-demo.pid!, 'SIGINT');
    await exited;
    await eventually(
      async () => {
        const answers = await Promise.all(ports.map(portAnswers));
        expect(ports.filter((_, i) => answers[i])).toEqual([]);
        return true;
      },
      { what: 'no port of the demo answering after Ctrl-C', every: 250 },
    );
    // What it did not start goes on.
    await emulatorUp();
  },
  DEMO_MS,
);

test('--built of a folder with no finished build: a clear error, and nothing started', async () => {
  const child = spawn('npm', ['run', '--silent', 'demo:scale', '--', '--built', 'no-such-build'], {
    cwd: ROOT,
    env: process.env,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(1);
  expect(stderr).toContain('--built no-such-build: no finished build there (no BUILD_ID)');
  expect(stderr).not.toContain('    at ');
});
