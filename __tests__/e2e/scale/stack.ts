// The scale file's one stack, as `npm run demo:scale` runs it: Redis, two `next start` origins on
// copies of the e2e build, Varnish in front (its purges through a stand-in of the CDN's purge
// API), the daemon of `npm run watch` and its mail catcher. It lives in a project of its own on the
// run's one Firestore emulator, reached through a TCP relay, so that "Firestore frozen" and
// "Firestore down" are the relay's hold and cut; origin A (the first) reads through a second relay
// of its own behind that one, so that a test can hold A's answers alone.
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { DEMO_PROFILES_FILE, ROOT } from '@/tools/lib/paths';
import { startScaleStack, type ScaleStack } from '@/tools/lib/scale-stack';
import { loadProfilesFile, seedProfiles } from '@/tools/lib/seed';
import { startTcpRelay, type TcpRelay } from '@/tools/lib/tcp-relay';
import { ceiling, eventually, WAIT_MS } from '@/__tests__/helpers/eventually';
import { untilOriginsRead } from '@/__tests__/helpers/origins-read';
import { PurgeStandIn } from './purge-stand-in';

export const SCALE_PROJECT_ID = 'demo-karta-scale';
// The product's own (lib/env.ts). A shorter one made a frozen Firestore answer sooner, but beside a
// CPU-bound process an origin's first reads after a restart outlasted 1.5 s (a 500 with Redis
// stopped): every wait here has a wait's ceiling, so a longer deadline costs seconds, not failures.
export const READ_DEADLINE_MS = 8000;
// Flushed often, so that a test sees its counts written soon (stats.ts).
export const STATS_FLUSH_MS = 300;
// The file's stack: two origins, Varnish, Redis and the daemon, then a wait for their first reads.
const START_MS = ceiling(4 * WAIT_MS);

export interface ScaleContext {
  stack: ScaleStack;
  /** Between every process of the stack and the emulator. */
  relay: TcpRelay;
  /** Between origin A (origins[0]) and `relay`. */
  linkOfA: TcpRelay;
  /** The stack's project, read and written directly (never through the relays). */
  db: Firestore;
  purges: PurgeStandIn;
  /** The stack's and its daemon's lines, each after its time (`12:00:00.000 [watch] …`). */
  logs: string[];
}

/** Registers the file's beforeAll and afterAll; the context is filled in once the stack runs. */
export function scaleContext(): ScaleContext {
  const ctx = { purges: new PurgeStandIn(), logs: [] as string[] } as ScaleContext;
  let app: App | undefined;

  beforeAll(async () => {
    const emulator = process.env.FIRESTORE_EMULATOR_HOST as string;
    // firebase-admin reads FIRESTORE_EMULATOR_HOST (the emulator itself) when Firestore is made.
    app = initializeApp({ projectId: SCALE_PROJECT_ID }, `scale-${process.pid}`);
    ctx.db = getFirestore(app);
    await seedProfiles(ctx.db, loadProfilesFile(DEMO_PROFILES_FILE));
    ctx.relay = await startTcpRelay(emulator);
    ctx.linkOfA = await startTcpRelay(ctx.relay.hostPort);
    ctx.stack = await startScaleStack({
      projectId: SCALE_PROJECT_ID,
      env: {
        ...process.env,
        FIRESTORE_EMULATOR_HOST: ctx.relay.hostPort,
        NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: ctx.relay.hostPort,
        FIRESTORE_READ_TIMEOUT_MS: String(READ_DEADLINE_MS),
        STATS_FLUSH_MS: String(STATS_FLUSH_MS),
        STATS_LOG_FLUSHES: '1',
      },
      originEnv: (i): Record<string, string> =>
        i === 0 ? { FIRESTORE_EMULATOR_HOST: ctx.linkOfA.hostPort } : {},
      builtDistDir: process.env.NEXT_DIST_DIR as string,
      log: (line) => ctx.logs.push(`${new Date().toISOString().slice(11, 23)} ${line}`),
      // Apart from the run's own stack, whose daemon logs to artifacts/daemon.log.
      logDir: path.join(ROOT, 'artifacts', 'scale'),
      prepare: async (env) => {
        env.VARNISH_PURGE_URL = await ctx.purges.start(env.VARNISH_PURGE_URL as string);
      },
    });
    await untilOriginsRead(ctx.stack.origins);
  }, START_MS);

  afterAll(async () => {
    // A start that failed or outlived its hook says which step it reached.
    if (!ctx.stack) console.log(`The scale stack did not start:\n${ctx.logs.join('\n')}`);
    await ctx.stack?.stop();
    await ctx.purges.stop();
    await ctx.linkOfA?.close();
    await ctx.relay?.close();
    if (app) await deleteApp(app);
  });

  return ctx;
}

export interface Answer {
  status: number;
  body: string;
  headers: Headers;
}

export async function text(url: string): Promise<Answer> {
  const res = await fetch(url, { signal: AbortSignal.timeout(ceiling(WAIT_MS)) });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

/** The path on the CDN and on every origin. */
export const everywhere = (ctx: ScaleContext, pathname: string): string[] => [
  `${ctx.stack.cdnUrl}${pathname}`,
  ...ctx.stack.origins.map((origin) => `${origin}${pathname}`),
];

/** Until Varnish's probes count every origin healthy again (after one was stopped). */
export async function untilAllHealthy(ctx: ScaleContext): Promise<void> {
  await eventually(
    async () => (await ctx.stack.varnish.backendHealth()).every((backend) => backend.healthy),
    { every: 250, what: 'every origin healthy in Varnish' },
  );
}
