// npm run demo: emulators (Firestore, Auth) + demo profiles and their owners + production build +
// server + change watcher + new-contact mails to a mail catcher. Ctrl-C stops everything.
import { randomBytes } from 'node:crypto';
import { adminDb } from '../server/firebase/admin-app';
import { EmulatorSetupError } from './lib/emulator';
import { startWatcher, type Watcher } from '../daemon/card-watcher';
import { appPort, startLocalStack } from './lib/local-stack';
import { startLocalMail, type LocalMail } from './lib/local-mail';
import { ownerLine } from './lib/demo-owners';
import { DEMO_PROJECT_ID } from './lib/local-env';
import { DEMO_PROFILES_FILE } from './lib/paths';
import { buildNext, startNext } from './lib/next-server';
import { onShutdown, stopProcess } from './lib/processes';
import { loadProfilesFile } from './lib/seed';
import type { ChildProcess } from 'node:child_process';

async function main(): Promise<void> {
  const port = appPort();
  const { emulator, auth, owners, env } = await startLocalStack(
    DEMO_PROJECT_ID,
    DEMO_PROFILES_FILE,
    port,
    { auth: true },
  );
  const stopEmulators = async () => {
    await auth?.stop();
    await emulator.stop();
  };
  // The change watcher and the site share this secret; a fresh one per demo unless given.
  env.REVALIDATE_SECRET ||= randomBytes(24).toString('hex');
  const watchers: Watcher[] = [];
  const mails: LocalMail[] = [];
  const running: ChildProcess[] = [];
  let stopping = false;
  onShutdown(async () => {
    stopping = true;
    for (const watcher of watchers) await watcher.stop();
    for (const mail of mails) await mail.stop();
    for (const child of running) await stopProcess(child);
    await stopEmulators();
  });

  await buildNext(env);
  const server = await startNext(port, env, {
    onExit: (code) => {
      if (stopping) return;
      console.error(`next start exited (${code}); stopping.`);
      void stopEmulators().then(() => process.exit(code || 1));
    },
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
  const mail = await startLocalMail((line) => console.log(`[mail] ${line}`));
  mails.push(mail);

  const base = env.NEXT_PUBLIC_SITE_URL;
  console.log('\nkarta is running. Demo profiles:');
  for (const { username } of loadProfilesFile(DEMO_PROFILES_FILE)) {
    console.log(`  ${base}/${encodeURIComponent(username)}`);
  }
  console.log(`\nOwner console: ${base}/account. Demo owners (email, password, card):`);
  for (const owner of owners) console.log(ownerLine(owner));
  console.log(`\nEmulators (project ${DEMO_PROJECT_ID}):`);
  console.log(`FIRESTORE_EMULATOR_HOST=${emulator.hostPort}`);
  if (auth) console.log(`FIREBASE_AUTH_EMULATOR_HOST=${auth.hostPort}`);
  console.log(`\nNew-contact e-mails to the owners:\n${mail.lines.join('\n')}`);
  console.log(
    'The change watcher revalidates a card when a write stamps its updatedAt (the owner ' +
      "console's do) and deletes erased cards' orphaned contacts. Ctrl-C stops.",
  );
}

main().catch((error: Error) => {
  console.error(error instanceof EmulatorSetupError ? error.message : error);
  process.exit(1);
});
