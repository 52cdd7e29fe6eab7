// The production path measured: the benchmark's build on two origins sharing Redis, Varnish in
// front as the CDN and the change watcher (tools/lib/scale-stack.ts, as `npm run demo:scale`).
// An owner's save in the console (through karta's server) → live through the CDN; an edit made
// elsewhere (through the watcher) → visible through the CDN; a replaced or erased photo → gone
// from the CDN; Varnish's throughput beside nginx
// serving the same HTML; and whether an origin restarted cold answers from Redis without reading
// Firestore.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Firestore } from 'firebase-admin/firestore';
import { cardChanged } from '../../server/card-stamp';
import { authToolkit } from '../../tools/lib/auth-emulator';
import { freezeServer } from '../../tools/lib/processes';
import { rawGet } from './http';
import type { BuiltPartOptions } from './part-options';
import { startPartStack } from './part-stack';
import { nginxCopy } from './nginx';
import { measurePhotoPurge, type PhotoPurgeResult } from './photo-purge';
import { median, percentile } from './stats';
import { measureThroughput, warm, type Throughput } from './throughput';

export interface CdnResult {
  /** The owner's save through karta's server → the CDN serving it, one sample per edit. */
  ownerEditMs: number[];
  ownerEditP50Ms: number;
  /** A write made elsewhere (firebase-admin) → the CDN serving it, through the watcher. */
  editMs: number[];
  p50Ms: number;
  p95Ms: number;
  varnish: Throughput;
  nginx?: Throughput;
  /** The restarted origin's first answer for the card, with Firestore frozen meanwhile. */
  restarted: { status: number; cache: string | null; ms: number };
  photoPurge: PhotoPurgeResult;
}

export interface CdnOptions extends BuiltPartOptions {
  db: Firestore;
  username: string;
  edits: number;
  /** The emulator's process group, frozen to prove that a request reads no Firestore. */
  emulatorPid: number;
  /** The card's owner on the stack's Auth emulator, who saves as the console does. */
  owner: { email: string; password: string };
}

const POLL_MS = 20;
const EDIT_LIMIT_MS = 15_000;

async function timeUntilServed(url: string, text: string, since: number): Promise<number> {
  for (;;) {
    const page = await rawGet(url);
    if (page.body.toString('utf8').includes(text)) return Date.now() - since;
    if (Date.now() - since > EDIT_LIMIT_MS) throw new Error(`${url} never showed "${text}"`);
    await sleep(POLL_MS);
  }
}

/** The owner's ID token, as the console's SDK gets one when they sign in. */
async function signIn(authHost: string, owner: CdnOptions['owner']): Promise<string> {
  const res = await authToolkit(authHost, 'signInWithPassword', {
    ...owner,
    returnSecureToken: true,
  });
  const { idToken } = (await res.json()) as { idToken?: string };
  if (!idToken) throw new Error(`The Auth emulator refused ${owner.email}: HTTP ${res.status}`);
  return idToken;
}

/**
 * The console's save (browser/owner/card.ts saveCard): the changes to karta's endpoint, on the
 * site's own address (the CDN, which passes it to an origin), with the owner's ID token.
 */
async function ownerSave(cdnUrl: string, username: string, token: string, changes: object) {
  const res = await fetch(`${cdnUrl}/api/owner/cards/${encodeURIComponent(username)}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes }),
  });
  if (!res.ok) throw new Error(`The owner's save answered HTTP ${res.status}: ${await res.text()}`);
}

export async function measureCdn(options: CdnOptions): Promise<CdnResult> {
  const { db, username, runDir, addCleanup } = options;
  const stack = await startPartStack(options, 'scale-stack.log');
  const cardUrl = `${stack.cdnUrl}/${encodeURIComponent(username)}`;

  const profile = db.doc(`users/${username}`);
  const original = (await profile.get()).data();
  const editMs: number[] = [];
  const ownerEditMs: number[] = [];
  const authHost = options.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!authHost) throw new Error('The CDN part needs the Auth emulator (the stack with auth)');
  const token = await signIn(authHost, options.owner);
  try {
    await warm(cardUrl, 1);
    for (let i = 0; i < options.edits; i++) {
      const jobTitle = `Πολεοδόμος ${i}-${Date.now()}`;
      // From the click on Save: the request, its write and revalidation, the CDN serving it.
      const since = Date.now();
      await ownerSave(stack.cdnUrl, username, token, { jobTitle });
      ownerEditMs.push(await timeUntilServed(cardUrl, jobTitle, since));
      await sleep(1200);
    }
    console.log(`  edit → live p50 ${median(ownerEditMs)} ms (${ownerEditMs.join(', ')})`);
    for (let i = 0; i < options.edits; i++) {
      const jobTitle = `Αρχιτέκτονας ${i}-${Date.now()}`;
      const since = Date.now();
      await profile.update({ jobTitle, ...cardChanged() });
      editMs.push(await timeUntilServed(cardUrl, jobTitle, since));
      // Apart, as an owner's edits are: each is its own batch for the watcher.
      await sleep(1200);
    }
  } finally {
    if (original) await profile.set({ ...original, ...cardChanged() });
  }
  await timeUntilServed(cardUrl, String(original?.jobTitle ?? ''), Date.now());
  const photoPurge = await measurePhotoPurge(stack.cdnUrl, db);
  console.log(
    `  photo gone through the CDN: replaced ${photoPurge.replacedMs} ms, erased ${photoPurge.erasedMs} ms`,
  );

  await warm(cardUrl);
  const varnish = await measureThroughput({ label: 'varnish', url: cardUrl });
  let nginx: Throughput | undefined;
  const copy = await nginxCopy(cardUrl, runDir, addCleanup);
  if ('url' in copy) {
    await warm(copy.url);
    nginx = await measureThroughput({ label: 'nginx', url: copy.url });
  }

  // A cold origin: its own memory is empty, so a HIT can only come from Redis; Firestore is
  // frozen meanwhile, so a read would hang until its deadline instead.
  await stack.stopOrigin(0);
  await stack.restartOrigin(0);
  freezeServer(options.emulatorPid, 'SIGSTOP');
  let restarted: CdnResult['restarted'];
  try {
    const started = Date.now();
    const res = await fetch(`${stack.origins[0]}/${encodeURIComponent(username)}`);
    await res.arrayBuffer();
    restarted = {
      status: res.status,
      cache: res.headers.get('x-nextjs-cache'),
      ms: Date.now() - started,
    };
  } finally {
    freezeServer(options.emulatorPid, 'SIGCONT');
  }
  return {
    ownerEditMs,
    ownerEditP50Ms: median(ownerEditMs),
    editMs,
    p50Ms: median(editMs),
    p95Ms: percentile(editMs, 95),
    varnish,
    nginx,
    restarted,
    photoPurge,
  };
}
