// `npm run demo:scale` as a person runs it: the lines it promises, a card through its CDN, the
// REVALIDATE_SECRET it was given, a visitor's contact mailed to the card's owner in its inbox,
// and Ctrl-C leaving no process behind.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { DEMO_PROJECT_ID } from '@/tools/lib/local-env';
import type { CaughtMail } from '@/tools/lib/mail-catcher';
import { ROOT } from '@/tools/lib/paths';

const SECRET = 'demo-scale-test-secret';
const LINE =
  /^(cdn: \S+|origin: \S+|FIRESTORE_EMULATOR_HOST=\S+|REDIS_URL=\S+|mail: \S+|SMTP_URL=\S+)$/;

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
  const timer = setTimeout(() => process.kill(-demo!.pid!, 'SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}, 30_000);

test('prints its lines, serves cards through its CDN, and Ctrl-C stops everything', async () => {
  demo = spawn('npm', ['run', '--silent', 'demo:scale'], {
    cwd: ROOT,
    // tools/test.ts type-checks the project beside Jest; the build need not do it again.
    env: { ...process.env, REVALIDATE_SECRET: SECRET, KARTA_BUILD_SKIP_TYPECHECK: '1' },
    detached: true,
  });
  // Its own production build, beside the other e2e files: minutes on a busy 2-core machine.
  const lines = await linesWhenReady(demo, 420_000);
  const value = (prefix: string) =>
    lines.filter((line) => line.startsWith(prefix)).map((line) => line.slice(prefix.length));
  const [cdn] = value('cdn: ');
  const origins = value('origin: ');
  const [firestore] = value('FIRESTORE_EMULATOR_HOST=');
  const [redis] = value('REDIS_URL=');
  const [inbox] = value('mail: ');
  const [smtp] = value('SMTP_URL=');
  expect(origins).toHaveLength(2);
  expect(inbox).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(smtp).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
  expect(firestore).toMatch(/^127\.0\.0\.1:\d+$/);
  expect(redis).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);

  const card = await fetch(`${cdn}/maria`);
  expect(card.status).toBe(200);
  expect(card.headers.get('surrogate-key')).toBe('card-maria');
  expect(await card.text()).toContain('Μαρία');
  // The secret it was given is the one its origins check.
  const revalidated = await fetch(`${cdn}/api/revalidate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'maria' }),
  });
  expect(revalidated.status).toBe(200);

  // A visitor's contact, as their write leaves it (through the emulator's REST API, as the
  // owner of the emulator), reaches the demo owner of the card in the inbox.
  const name = `Demo scale ${Date.now()}`;
  const left = await fetch(
    `http://${firestore}/v1/projects/${DEMO_PROJECT_ID}/databases/(default)/documents/users/maria/contacts`,
    {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({
        fields: {
          name: { stringValue: name },
          email: { stringValue: 'visitor@example.gr' },
          createdAt: { timestampValue: new Date().toISOString() },
        },
      }),
    },
  );
  expect(left.status).toBe(200);
  let mail: CaughtMail | undefined;
  for (const end = Date.now() + 10_000; !mail && Date.now() < end;) {
    await new Promise((r) => setTimeout(r, 250));
    const mails = (await (await fetch(`${inbox}/api/email`)).json()) as CaughtMail[];
    mail = mails.find((m) => m.subject.includes(name));
  }
  expect(mail?.to.map((to) => to.address)).toEqual(['maria@karta.test']);

  const ports = [
    cdn,
    ...origins,
    `http://${firestore}`,
    redis.replace('redis:', 'http:'),
    inbox,
    smtp.replace('smtp:', 'http:'),
  ].map((url) => Number(new URL(url).port));
  const exited = new Promise<number | null>((resolve) => demo!.once('exit', resolve));
  // Ctrl-C in a terminal signals the foreground process group: npm and the script under it.
  process.kill(-demo.pid!, 'SIGINT');
  await exited;
  const deadline = Date.now() + 15_000;
  let open = ports;
  while (open.length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    const answers = await Promise.all(open.map(portAnswers));
    open = open.filter((_, i) => answers[i]);
  }
  expect(open).toEqual([]);
}, 480_000);
