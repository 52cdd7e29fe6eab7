import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { localFirebaseEnv } from '@/tools/lib/local-env';
import { ROOT } from '@/tools/lib/paths';
import { NEXT_BIN } from '@/tools/lib/processes';

const run = promisify(execFile);

test('next build with a missing variable stops at once, naming it, without a stack trace', async () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...localFirebaseEnv('demo-karta-test', '127.0.0.1:1'),
    NEXT_DIST_DIR: '.next-config-check',
  };
  delete env.NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID;
  env.FIREBASE_SERVICE_ACCOUNT_KEY = '{oops';
  const failure = await run(process.execPath, [NEXT_BIN, 'build'], { cwd: ROOT, env }).then(
    () => undefined,
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect(failure).toBeDefined();
  const output = `${failure?.stdout}\n${failure?.stderr}`;
  expect(output).toContain('NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID is not set (see .env.example).');
  expect(output).toContain('FIREBASE_SERVICE_ACCOUNT_KEY is not valid JSON');
  expect(output).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
});

test('next build for a real project without NEXT_PUBLIC_SITE_URL stops, naming it in one line', async () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...localFirebaseEnv('karta-prod', '127.0.0.1:1'),
    NEXT_DIST_DIR: '.next-config-check',
  };
  delete env.NEXT_PUBLIC_SITE_URL;
  const failure = await run(process.execPath, [NEXT_BIN, 'build'], { cwd: ROOT, env }).then(
    () => undefined,
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect(failure).toBeDefined();
  const lines = `${failure?.stdout}\n${failure?.stderr}`
    .split('\n')
    .filter((line) => line.includes('NEXT_PUBLIC_SITE_URL'));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(
    'NEXT_PUBLIC_SITE_URL is not set: project "karta-prod" is not a demo- project, and its ' +
      'cards and QR codes would point at http://localhost.',
  );
});
