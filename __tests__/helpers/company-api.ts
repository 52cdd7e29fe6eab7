// The company API in process (as emulator/stats-endpoint.test.ts calls its route): each route's
// own handler, given a real Request with a real ID token of an account on an Auth emulator the
// file starts, against the run's Firestore emulator under the file's own project id. Each call
// runs in Next's own request scope (next-request.ts), so the cards' revalidation a write starts is
// the real one: its marks are recorded, its after() tasks run before `send` resolves.
import { deleteApp, getApps } from 'firebase-admin/app';
import {
  authToolkit,
  startAuthEmulator,
  type RunningAuthEmulator,
} from '@/tools/lib/auth-emulator';
import { ensureAccount } from '@/tools/lib/demo-owners';
import { adminDb } from '@/server/firebase/admin-app';
import { inNextRequest } from './next-request';

export interface Account {
  uid: string;
  email: string;
  token: string;
}

let auth: RunningAuthEmulator | undefined;
const saved = { ...process.env };

/** Starts the file's Auth emulator and points firebase-admin at `project` on both emulators. */
export async function startCompanyApi(project: string): Promise<void> {
  auth = await startAuthEmulator({ projectId: project });
  Object.assign(process.env, {
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: project,
    FIREBASE_AUTH_EMULATOR_HOST: auth.hostPort,
  });
}

export async function stopCompanyApi(): Promise<void> {
  const db = adminDb();
  for (const collection of [
    'users',
    'owners',
    'companies',
    'outbox',
    'ownerWrites',
    'inviteQuotas',
  ]) {
    await db.recursiveDelete(db.collection(collection));
  }
  await Promise.all(getApps().map((app) => deleteApp(app)));
  await auth?.stop();
  process.env = saved;
}

async function toolkit(method: string, body: object): Promise<Record<string, unknown>> {
  if (!auth) throw new Error('the Auth emulator is not running');
  const res = await authToolkit(auth.hostPort, method, { ...body, returnSecureToken: true });
  return (await res.json()) as Record<string, unknown>;
}

/** A new account `email` (verified unless told), signed in: its ID token. */
export async function account(email: string, { verified = true } = {}): Promise<Account> {
  const password = 'secret-company';
  let uid: string;
  if (verified) uid = await ensureAccount(auth?.hostPort as string, email, password);
  else uid = String((await toolkit('signUp', { email, password })).localId);
  const signedIn = await toolkit('signInWithPassword', { email, password });
  if (typeof signedIn.idToken !== 'string') throw new Error(`no token for ${email}`);
  return { uid, email, token: signedIn.idToken };
}

export interface Sent {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;

/**
 * Calls `handler` as Next would for `path` with `params`, and resolves once its after() tasks have
 * finished. The request scope's page is `path`'s own (Next's names the route file, with its
 * [params]): it only names the route in Next's messages.
 */
export async function send(
  handler: Handler,
  path: string,
  params: Record<string, string>,
  {
    token,
    json,
    body,
    type,
    method = 'POST',
    headers: extra,
  }: {
    token?: string;
    json?: unknown;
    body?: BodyInit;
    type?: string;
    method?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Sent> {
  const headers = new Headers(extra);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (json !== undefined) headers.set('content-type', 'application/json');
  if (type) headers.set('content-type', type);
  const request = new Request(`http://127.0.0.1${path}`, {
    method,
    headers,
    ...(json !== undefined ? { body: JSON.stringify(json) } : body ? { body } : {}),
  });
  const { res, text } = await inNextRequest(`${path.split('?')[0]}/route`, request, async () => {
    const answer = await handler(request, { params: Promise.resolve(params) as Promise<never> });
    return { res: answer, text: await answer.text() };
  });
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}
