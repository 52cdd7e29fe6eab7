// Runs the Firebase Auth emulator of firebase-tools (pinned to 14 in package.json): it is pure
// Node, so it starts on the Java 17 of these machines, unlike firebase-tools' Firestore emulator
// (see tools/lib/emulator.ts). Each run gets its own loopback ports and its own folder, so two
// runs on one machine (the demo and a test run, two test runs) never meet.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, type RunningEmulator } from './emulator';
import { ROOT } from './paths';
import { startAnsweringServer } from './answering-server';

const FIREBASE_BIN = path.join(ROOT, 'node_modules', '.bin', 'firebase');

export class AuthEmulatorError extends Error {
  override name = 'AuthEmulatorError';
}

export interface AuthEmulatorOptions {
  /** The emulated project: the web app's NEXT_PUBLIC_FIREBASE_PROJECT_ID. */
  projectId: string;
  host?: string;
  /** A fixed port; a free one is picked when omitted. */
  port?: number;
  timeoutMs?: number;
  /** Called with each line firebase-tools prints (defaults to silence). */
  onLog?: (line: string) => void;
}

/** As the Firestore emulator's, with `hostPort` in the form FIREBASE_AUTH_EMULATOR_HOST takes. */
export type RunningAuthEmulator = Omit<RunningEmulator, 'jar'>;

/** True once the emulator answers its root with `{"authEmulator":{"ready":true}}`. */
async function ready(hostPort: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${hostPort}/`, { signal: AbortSignal.timeout(1000) });
    const body: unknown = await res.json();
    const auth = (body as { authEmulator?: { ready?: unknown } }).authEmulator;
    return auth?.ready === true;
  } catch {
    return false;
  }
}

export async function startAuthEmulator(
  options: AuthEmulatorOptions,
): Promise<RunningAuthEmulator> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort(host));
  const hostPort = `${host}:${port}`;
  if (await ready(hostPort)) throw new AuthEmulatorError(`Port ${port} on ${host} is in use.`);

  // firebase-tools also opens an emulator hub and a logging port (4400 and 4500 unless told) and
  // writes a locator file named after the project into the temporary folder: all are made this
  // run's own, or a second run would find the first one's.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karta-auth-'));
  const config = {
    emulators: {
      auth: { host, port },
      hub: { host, port: await freePort(host) },
      logging: { host, port: await freePort(host) },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(path.join(dir, 'firebase.json'), JSON.stringify(config, null, 2));

  const args = [
    'emulators:start',
    '--only',
    'auth',
    '--project',
    options.projectId,
    '--config',
    path.join(dir, 'firebase.json'),
  ];
  // Measured on these 2-core machines: 12 to 16 s (firebase-tools loads a large module graph).
  const { pid, stop } = await startAnsweringServer({
    kind: 'auth emulator',
    name: 'Auth emulator',
    command: FIREBASE_BIN,
    args,
    env: { ...process.env, TMPDIR: dir, FORCE_COLOR: '0', NO_UPDATE_NOTIFIER: '1' },
    onLog: options.onLog,
    hostPort,
    answers: () => ready(hostPort),
    timeoutMs: options.timeoutMs ?? 90_000,
    pollMs: 200,
    cleanUp: () => rmSync(dir, { recursive: true, force: true }),
    fail: (message) => new AuthEmulatorError(message),
  });
  return { host, port, hostPort, pid, stop };
}

/**
 * A request to the emulator's REST API, each on a connection of its own. The emulator's server
 * closes an idle connection after 5 s (Node's default; it says `Keep-Alive: timeout=5`), and
 * fetch keeps one 3 to 4 s before closing it itself: a client whose timers run late on a busy
 * machine sends its next request on a connection the server is closing, and fetch fails ("fetch
 * failed", the socket closed under it). A connection per request is never idle. A failure says
 * why, not just "fetch failed".
 */
export async function authEmulatorFetch(
  hostPort: string,
  path: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<Response> {
  try {
    return await fetch(`http://${hostPort}${path}`, {
      ...init,
      headers: { ...init.headers, connection: 'close' },
    });
  } catch (error) {
    const cause = (error as Error).cause;
    throw new AuthEmulatorError(
      `Auth emulator: ${init.method} ${path} failed: ${(error as Error).message}` +
        (cause instanceof Error ? ` (${cause.message})` : ''),
      { cause },
    );
  }
}

/**
 * An Identity Toolkit call (`accounts:{method}`) at the emulator, as the web SDK makes it, on a
 * connection of its own (authEmulatorFetch); the emulator takes any API key.
 */
export function authToolkit(hostPort: string, method: string, body: object): Promise<Response> {
  return authEmulatorFetch(
    hostPort,
    `/identitytoolkit.googleapis.com/v1/accounts:${method}?key=x`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
}

/**
 * Where the emulator lists the e-mails Firebase Auth would send (verification, password reset,
 * address change), none of which it sends: each with `email`, `requestType` and `oobLink`, whose
 * opening applies it.
 */
export function authMailUrl(hostPort: string, projectId: string): string {
  return `http://${hostPort}/emulator/v1/projects/${encodeURIComponent(projectId)}/oobCodes`;
}
