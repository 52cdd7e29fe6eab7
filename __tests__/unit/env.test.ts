import { existsSync } from 'node:fs';
import { env, envProblems } from '@/lib/env';
import { localFirebaseEnv } from '@/tools/lib/local-env';
import { restoreEnvAfterEach } from './support/env';

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
  ['SMTP_URL', 'mail.example.gr:587', /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
  ['MAIL_FROM', 'karta <no-reply>', /MAIL_FROM must be an address/],
])('a malformed %s is named', (name, value, message) => {
  const problems = envProblems({ ...valid, [name]: value }, { fileExists: existsSync });
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(message);
});

test('a real project without NEXT_PUBLIC_SITE_URL is refused, naming it; a demo- project is not', () => {
  const real = {
    ...valid,
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'karta-prod',
    NEXT_PUBLIC_SITE_URL: undefined,
    STATS_PROXY_HOPS: '1',
    REVALIDATE_SECRET: 'a-long-secret',
  };
  expect(envProblems(real)).toEqual([
    'NEXT_PUBLIC_SITE_URL is not set: project "karta-prod" is not a demo- project, and its cards ' +
      'and QR codes would point at http://localhost.',
  ]);
  expect(envProblems({ ...real, NEXT_PUBLIC_SITE_URL: 'https://karta.example' })).toEqual([]);
  expect(envProblems({ ...valid, NEXT_PUBLIC_SITE_URL: undefined })).toEqual([]);
});

test('a real project must say how many proxies append to X-Forwarded-For; a demo- project need not', () => {
  const real = {
    ...valid,
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'karta-prod',
    NEXT_PUBLIC_SITE_URL: 'https://karta.example',
    STATS_PROXY_HOPS: undefined,
    REVALIDATE_SECRET: 'a-long-secret',
  };
  expect(envProblems(real)).toEqual([
    'STATS_PROXY_HOPS is not set: project "karta-prod" is not a demo- project; set it to the ' +
      'number of proxies in front of next start that append to X-Forwarded-For (0 for none).',
  ]);
  expect(envProblems({ ...real, STATS_PROXY_HOPS: '0' })).toEqual([]);
  expect(envProblems({ ...real, STATS_PROXY_HOPS: '2' })).toEqual([]);
  expect(envProblems({ ...valid, STATS_PROXY_HOPS: undefined })).toEqual([]);
});

test("a real project needs REVALIDATE_SECRET, which seals companies' sign-in secrets; a demo- project need not", () => {
  const real = {
    ...valid,
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'karta-prod',
    NEXT_PUBLIC_SITE_URL: 'https://karta.example',
    STATS_PROXY_HOPS: '1',
    REVALIDATE_SECRET: undefined,
  };
  expect(envProblems(real)).toEqual([
    'REVALIDATE_SECRET is not set: project "karta-prod" is not a demo- project, and companies\' ' +
      'sign-in secrets are sealed with a key derived from it.',
  ]);
  expect(envProblems({ ...real, REVALIDATE_SECRET: 'a-long-secret' })).toEqual([]);
  expect(envProblems({ ...valid, REVALIDATE_SECRET: undefined })).toEqual([]);
});

test('a credentials file is checked only where a file check is given (the server)', () => {
  const source = { ...valid, GOOGLE_APPLICATION_CREDENTIALS: '/nope/key.json' };
  expect(envProblems(source)).toEqual([]);
  expect(envProblems(source, { fileExists: existsSync })).toHaveLength(1);
});

describe('typed values, read at each access', () => {
  restoreEnvAfterEach();

  test('the site URL, else localhost on PORT', () => {
    process.env.NEXT_PUBLIC_SITE_URL = 'https://karta.example/';
    expect(env.siteUrl.href).toBe('https://karta.example/');
    delete process.env.NEXT_PUBLIC_SITE_URL;
    process.env.PORT = '4000';
    expect(env.siteUrl.href).toBe('http://localhost:4000/');
  });

  test('the read deadline, 8000 ms unless a whole number is given', () => {
    delete process.env.FIRESTORE_READ_TIMEOUT_MS;
    expect(env.firestoreReadTimeoutMs).toBe(8000);
    process.env.FIRESTORE_READ_TIMEOUT_MS = '2500';
    expect(env.firestoreReadTimeoutMs).toBe(2500);
  });

  test('the mail sender: MAIL_FROM, else karta at the site host; accepted alone or with a name', () => {
    process.env.NEXT_PUBLIC_SITE_URL = 'https://karta.example/';
    delete process.env.MAIL_FROM;
    expect(env.mailFrom).toBe('karta <no-reply@karta.example>');
    for (const from of ['leads@karta.example', 'Η karta <leads@karta.example>']) {
      expect(envProblems({ ...valid, MAIL_FROM: from })).toEqual([]);
      process.env.MAIL_FROM = from;
      expect(env.mailFrom).toBe(from);
    }
    expect(envProblems({ ...valid, SMTP_URL: 'smtps://user:pass@smtp.example.gr:465' })).toEqual(
      [],
    );
  });

  test('the web config carries all seven variables', () => {
    Object.assign(process.env, valid);
    expect(Object.values(env.firebaseWebConfig).every(Boolean)).toBe(true);
    expect(env.firebaseWebConfig.projectId).toBe('demo-karta');
  });
});
