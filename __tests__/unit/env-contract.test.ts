import { envProblems } from '@/lib/env-contract';
import { localFirebaseEnv } from '@/scripts/lib/local-env';

const valid = localFirebaseEnv('demo-karta', '127.0.0.1:8080');

test('the local environment is complete', () => {
  expect(envProblems(valid)).toEqual([]);
});

test('each missing web config variable is named', () => {
  const { NEXT_PUBLIC_FIREBASE_APP_ID, NEXT_PUBLIC_FIREBASE_API_KEY, ...rest } = valid;
  void NEXT_PUBLIC_FIREBASE_APP_ID;
  void NEXT_PUBLIC_FIREBASE_API_KEY;
  expect(envProblems(rest)).toEqual([
    'NEXT_PUBLIC_FIREBASE_API_KEY is not set (see .env.example).',
    'NEXT_PUBLIC_FIREBASE_APP_ID is not set (see .env.example).',
  ]);
});

test.each([
  ['FIRESTORE_EMULATOR_HOST', 'localhost', /FIRESTORE_EMULATOR_HOST must be host:port/],
  ['NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST', 'http://x:1', /NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST must/],
  ['FIREBASE_SERVICE_ACCOUNT_KEY', '{not json', /FIREBASE_SERVICE_ACCOUNT_KEY is not valid JSON/],
  [
    'FIREBASE_SERVICE_ACCOUNT_KEY',
    '{"type":"x"}',
    /FIREBASE_SERVICE_ACCOUNT_KEY lacks client_email/,
  ],
  ['GOOGLE_APPLICATION_CREDENTIALS', '/nope/key.json', /GOOGLE_APPLICATION_CREDENTIALS points to/],
  ['NEXT_PUBLIC_SITE_URL', 'ftp://x', /NEXT_PUBLIC_SITE_URL must be an http\(s\) URL/],
  ['NEXT_PUBLIC_FIREBASE_PROJECT_ID', 'Bad_Id', /is not a Firebase project id/],
  ['FIRESTORE_READ_TIMEOUT_MS', '5s', /FIRESTORE_READ_TIMEOUT_MS must be a whole number/],
])('a malformed %s is named', (name, value, message) => {
  const problems = envProblems({ ...valid, [name]: value });
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(message);
});
