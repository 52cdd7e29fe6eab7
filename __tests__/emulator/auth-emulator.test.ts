// The Auth emulator launcher (firebase-tools 14) and the demo's owner accounts, on the run's
// Firestore emulator under a project of their own.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { OWNER_FIELD } from '@/lib/collections';
import { ceiling } from '@/__tests__/helpers/eventually';
import {
  authToolkit,
  startAuthEmulator,
  type RunningAuthEmulator,
} from '@/tools/lib/auth-emulator';
import {
  createDemoOwners,
  demoOwnerAccount,
  ensureAccount,
  ownerLine,
} from '@/tools/lib/demo-owners';

const PROJECT_ID = 'demo-karta-owners';
// firebase-tools compiles the emulator's whole API schema at its start: 12 to 16 s on a quiet
// machine, 147 s with this one at a load of 30. Within Jest's limit for the hook (TEST_MS).
const START_MS = ceiling(150_000);

let auth: RunningAuthEmulator;
let app: App;
let db: Firestore;

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The claims of an ID token of the emulator's (it does not sign them). */
function claims(idToken: string): { email_verified?: boolean } {
  return JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString('utf8'));
}

async function signIn(
  email: string,
  password: string,
): Promise<{ localId?: string; idToken?: string }> {
  const res = await authToolkit(auth.hostPort, 'signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return res.json();
}

beforeAll(async () => {
  const started = Date.now();
  auth = await startAuthEmulator({ projectId: PROJECT_ID, timeoutMs: START_MS });
  console.log(`Auth emulator ready in ${Date.now() - started} ms on ${auth.hostPort}`);
  app = initializeApp({ projectId: PROJECT_ID }, `owners-${Date.now()}`);
  db = getFirestore(app);
});

afterAll(async () => {
  await auth?.stop();
  if (app) await deleteApp(app);
});

test('answers as ready on a loopback port of its own', async () => {
  expect(auth.host).toBe('127.0.0.1');
  expect(auth.hostPort).toBe(`127.0.0.1:${auth.port}`);
  const res = await fetch(`http://${auth.hostPort}/`);
  expect(await res.json()).toMatchObject({ authEmulator: { ready: true } });
});

test('demo accounts: readable, stable, and an address for a non-Latin username too', () => {
  expect(demoOwnerAccount('maria', 0)).toEqual({
    email: 'maria@karta.test',
    password: 'karta-maria',
  });
  expect(demoOwnerAccount('μαρία', 2)).toEqual({
    email: 'owner3@karta.test',
    password: 'karta-owner3',
  });
});

test('createDemoOwners makes each card its verified account’s, and can run twice', async () => {
  await db.doc('users/maria').set({ username: 'maria', firstName: 'Μαρία' });
  await db.doc('users/nikos').set({ username: 'nikos', firstName: 'Νίκος' });
  const owners = await createDemoOwners(auth.hostPort, db, ['maria', 'nikos']);
  expect(owners.map((o) => [o.username, o.email])).toEqual([
    ['maria', 'maria@karta.test'],
    ['nikos', 'nikos@karta.test'],
  ]);
  for (const owner of owners) {
    expect((await db.doc(`users/${owner.username}`).get()).get(OWNER_FIELD)).toBe(owner.uid);
    expect((await db.doc(`owners/${owner.uid}`).get()).data()).toEqual({
      username: owner.username,
    });
    const signedIn = await signIn(owner.email, owner.password);
    expect(signedIn.localId).toBe(owner.uid);
    // Verified, as a card's owner must be to claim it and to be mailed its contacts.
    expect(claims(signedIn.idToken as string).email_verified).toBe(true);
  }
  expect(ownerLine(owners[0])).toBe('owner: maria@karta.test karta-maria /maria');
  const again = await createDemoOwners(auth.hostPort, db, ['maria', 'nikos']);
  expect(again.map((o) => o.uid)).toEqual(owners.map((o) => o.uid));
});

test('the demo owners’ requests never wait on an idle connection the emulator may be closing', async () => {
  // A stand-in for the emulator that notes which connection each request came on.
  const opened = new WeakMap<Socket, number>();
  const connections: Array<number | undefined> = [];
  const standIn = http.createServer((req, res) => {
    connections.push(opened.get(req.socket));
    req.resume().on('end', () => {
      const answer = req.url?.includes('accounts:update')
        ? { emailVerified: true }
        : { localId: 'u1' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  // Kept open as long as a client likes, as the emulator keeps one for 5 s.
  standIn.keepAliveTimeout = 60_000;
  let count = 0;
  standIn.on('connection', (socket: Socket) => opened.set(socket, ++count));
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  try {
    const hostPort = `127.0.0.1:${(standIn.address() as AddressInfo).port}`;
    await ensureAccount(hostPort, 'maria@karta.test', 'karta-maria');
    await ensureAccount(hostPort, 'nikos@karta.test', 'karta-nikos');
    // Sign-up and verification for each: four requests, none on a connection used before.
    expect(connections).toEqual([1, 2, 3, 4]);
  } finally {
    standIn.closeAllConnections();
    await new Promise((resolve) => standIn.close(resolve));
  }
});

test('a wrong password is refused', async () => {
  const answer = await signIn('maria@karta.test', 'wrong-password');
  expect(answer.localId).toBeUndefined();
});

test('stop leaves no process of its group and frees the port', async () => {
  const second = await startAuthEmulator({ projectId: `${PROJECT_ID}-2`, timeoutMs: START_MS });
  expect(groupAlive(second.pid)).toBe(true);
  await second.stop();
  expect(groupAlive(second.pid)).toBe(false);
  await expect(fetch(`http://${second.hostPort}/`)).rejects.toThrow();
  // The first one, on other ports, is untouched.
  expect((await fetch(`http://${auth.hostPort}/`)).ok).toBe(true);
});
