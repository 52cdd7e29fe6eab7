// The console's password change (browser/owner/auth.ts changePassword, with the web SDK in Node)
// against an Auth emulator of this file's own, and the token it leaves checked as karta's server
// checks every owner write (server/owner/auth.ts verifyOwner: firebase-admin's revocation check).
//
// Firebase moves the account's validSince to the second of the change, and firebase-admin refuses
// a token whose auth_time (the second of its last sign-in) is earlier. The change proves the
// current password first (a sign-in): on a slow phone or network the change itself can reach
// Firebase in a later second than that proof. The relay below makes that happen every time, by an
// order of events: it holds the change until the second of the proof's token has passed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp as deleteWebApp, initializeApp as initializeWebApp } from 'firebase/app';
import {
  connectAuthEmulator,
  inMemoryPersistence,
  initializeAuth,
  signInWithEmailAndPassword,
  type Auth,
} from 'firebase/auth';
import { deleteApp, getApps } from 'firebase-admin/app';
import { changePassword } from '@/browser/owner/auth';
import { verifyOwner } from '@/server/owner/auth';
import { OwnerError } from '@/server/owner/respond';
import { startAuthEmulator, type RunningAuthEmulator } from '@/tools/lib/auth-emulator';
import { ensureAccount } from '@/tools/lib/demo-owners';

const PROJECT_ID = 'demo-karta-password-change';
const saved = { ...process.env };

let mockAuth: Auth;
jest.mock('@/browser/owner/firebase', () => ({ ownerAuth: () => mockAuth }));

let emulator: RunningAuthEmulator;
let relay: Server;
/** Whether the relay holds each password change past the second of the last sign-in's token. */
let slowChange = false;
/** The auth_time of the last token a sign-in through the relay was answered with. */
let lastSignIn = 0;
/** The password changes the relay held. */
let held = 0;

function claims(idToken: string): { auth_time: number; iat: number } {
  return JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString('utf8'));
}

async function pastSecond(second: number): Promise<void> {
  while (Math.floor(Date.now() / 1000) <= second) await new Promise((r) => setTimeout(r, 20));
}

/** The emulator's REST API as the web SDK reaches it, through a relay that can slow the change. */
function startRelay(): Promise<Server> {
  const server = createServer((req, res) => {
    void (async () => {
      const body = Buffer.concat(await req.toArray());
      const url = req.url ?? '/';
      if (slowChange && url.includes('/accounts:update')) {
        held++;
        await pastSecond(lastSignIn);
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string' && !['host', 'connection'].includes(name)) {
          headers.set(name, value);
        }
      }
      const answer = await fetch(`http://${emulator.hostPort}${url}`, {
        method: req.method,
        headers,
        body: body.length ? body : undefined,
      });
      const text = await answer.text();
      if (url.includes('/accounts:signInWithPassword') && answer.ok) {
        lastSignIn = claims((JSON.parse(text) as { idToken: string }).idToken).auth_time;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(text);
    })().catch((error: unknown) => {
      res.writeHead(502);
      res.end(String(error));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** What karta's server answers to a write sent with `token`: the owner, or its refusal. */
async function serverSays(token: string): Promise<string> {
  try {
    const owner = await verifyOwner(
      new Request('http://karta.test/api/owner/new-contact-mail', {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    return `owner ${owner.uid}`;
  } catch (error) {
    if (error instanceof OwnerError) return `${error.status} ${JSON.stringify(error.body)}`;
    throw error;
  }
}

beforeAll(async () => {
  emulator = await startAuthEmulator({ projectId: PROJECT_ID });
  relay = await startRelay();
  Object.assign(process.env, {
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.hostPort,
  });
  const app = initializeWebApp({ apiKey: 'any', projectId: PROJECT_ID }, PROJECT_ID);
  mockAuth = initializeAuth(app, { persistence: inMemoryPersistence });
  const { port } = relay.address() as AddressInfo;
  connectAuthEmulator(mockAuth, `http://127.0.0.1:${port}`, { disableWarnings: true });
});

afterAll(async () => {
  if (mockAuth) await deleteWebApp(mockAuth.app);
  await Promise.all(getApps().map((app) => deleteApp(app)));
  await new Promise((resolve) => relay?.close(resolve));
  await emulator?.stop();
  process.env = saved;
});

test.each([
  ['reaches Firebase in the second of the proof of the current password', false],
  ['reaches Firebase in a later second than that proof (a slow phone)', true],
])(
  'a password change that %s leaves this session writing, and ends the others',
  async (_, slow) => {
    const email = `allagi-${slow ? 'argi' : 'grigori'}-${Date.now().toString(36)}@karta.test`;
    const uid = await ensureAccount(emulator.hostPort, email, 'old-password');
    const { user } = await signInWithEmailAndPassword(mockAuth, email, 'old-password');
    // The token of a session signed in before the change (as another device keeps its own).
    const other = await user.getIdToken();
    await pastSecond(claims(other).auth_time);

    slowChange = slow;
    held = 0;
    try {
      await changePassword(user, 'old-password', 'new-password');
    } finally {
      slowChange = false;
    }
    expect(held).toBe(slow ? 1 : 0);

    expect(await serverSays(await user.getIdToken())).toBe(`owner ${uid}`);
    expect(await serverSays(other)).toBe('401 {"error":"revoked"}');
  },
);
