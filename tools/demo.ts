// npm run demo: emulator + demo profiles + production build + server + change watcher.
// Ctrl-C stops everything.
import { randomBytes } from 'node:crypto';
import { adminDb } from '../lib/firebase/admin-app';
import { EmulatorSetupError } from './lib/emulator';
import { startWatcher, type Watcher } from '../lib/revalidation/watcher';
import { appPort, startLocalStack } from './lib/local-stack';
import { DEMO_PROJECT_ID } from './lib/local-env';
import { DEMO_PROFILES_FILE } from './lib/paths';
import { buildNext, startNext } from './lib/next-server';
import { onShutdown, stopProcess } from './lib/processes';
import { loadProfilesFile } from './lib/seed';
import type { ChildProcess } from 'node:child_process';

async function main(): Promise<void> {
  const port = appPort();
  const { emulator, env } = await startLocalStack(DEMO_PROJECT_ID, DEMO_PROFILES_FILE, port);
  // The change watcher and the site share this secret; a fresh one per demo unless given.
  env.REVALIDATE_SECRET ||= randomBytes(24).toString('hex');
  const watchers: Watcher[] = [];
  const running: ChildProcess[] = [];
  let stopping = false;
  onShutdown(async () => {
    stopping = true;
    for (const watcher of watchers) await watcher.stop();
    for (const child of running) await stopProcess(child);
    await emulator.stop();
  });

  await buildNext(env);
  const server = await startNext(port, env, (code) => {
    if (stopping) return;
    console.error(`next start exited (${code}); stopping.`);
    void emulator.stop().then(() => process.exit(code || 1));
  });
  running.push(server);
  const watcher = startWatcher({
    db: adminDb(),
    siteUrl: `http://127.0.0.1:${port}`,
    secret: env.REVALIDATE_SECRET,
    log: (line) => console.log(`[watch] ${line}`),
  });
  watchers.push(watcher);
  await watcher.ready;

  const base = env.NEXT_PUBLIC_SITE_URL;
  console.log('\nkarta is running. Demo profiles:');
  for (const { username } of loadProfilesFile(DEMO_PROFILES_FILE)) {
    console.log(`  ${base}/${encodeURIComponent(username)}`);
  }
  console.log(
    `Firestore emulator: ${emulator.hostPort} (project ${DEMO_PROJECT_ID}); the change watcher ` +
      'revalidates a card when its document changes there. Ctrl-C stops.',
  );
}

main().catch((error: Error) => {
  console.error(error instanceof EmulatorSetupError ? error.message : error);
  process.exit(1);
});
