import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { localFirebaseEnv } from '@/tools/lib/local-env';
import { ROOT } from '@/tools/lib/paths';
import { NEXT_BIN } from '@/tools/lib/processes';
import { makeWalletTestChain } from '@/tools/lib/wallet-test-chain';

const run = promisify(execFile);

/**
 * What `next build` printed when it refused to run for project `projectId`, its environment
 * changed by `change`; undefined if it ran.
 */
async function refusedBuild(
  projectId: string,
  change: (env: NodeJS.ProcessEnv) => void,
): Promise<string | undefined> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...localFirebaseEnv(projectId, '127.0.0.1:1'),
    NEXT_DIST_DIR: '.next-config-check',
  };
  change(env);
  return run(process.execPath, [NEXT_BIN, 'build'], { cwd: ROOT, env }).then(
    () => undefined,
    (error: { stdout: string; stderr: string }) => `${error.stdout}\n${error.stderr}`,
  );
}

test('next build with a missing variable stops at once, naming it, without a stack trace', async () => {
  const wallets = makeWalletTestChain();
  const output = await refusedBuild('demo-karta-test', (env) => {
    delete env.NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID;
    env.FIREBASE_SERVICE_ACCOUNT_KEY = '{oops';
    // A signer key that is a certificate, and half of Google Wallet's variables.
    Object.assign(env, wallets.env, {
      APPLE_WALLET_SIGNER_KEY: wallets.env.APPLE_WALLET_WWDR_CERT,
      GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: '',
    });
  }).finally(() => wallets.remove());
  expect(output).toBeDefined();
  expect(output).toContain('NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID is not set (see .env.example).');
  expect(output).toContain('FIREBASE_SERVICE_ACCOUNT_KEY is not valid JSON');
  expect(output).toContain('APPLE_WALLET_SIGNER_KEY: not a readable private key');
  expect(output).toContain(
    'GOOGLE_WALLET_SERVICE_ACCOUNT_FILE is not set, while GOOGLE_WALLET_ISSUER_ID is',
  );
  expect(output).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
});

test('next build for a real project without NEXT_PUBLIC_SITE_URL stops, naming it in one line', async () => {
  const output = await refusedBuild('karta-prod', (env) => {
    delete env.NEXT_PUBLIC_SITE_URL;
  });
  expect(output).toBeDefined();
  const lines = (output ?? '').split('\n').filter((line) => line.includes('NEXT_PUBLIC_SITE_URL'));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(
    'NEXT_PUBLIC_SITE_URL is not set: project "karta-prod" is not a demo- project, and its ' +
      'cards and QR codes would point at http://localhost.',
  );
});
