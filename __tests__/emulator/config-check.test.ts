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
