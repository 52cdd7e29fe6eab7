// The company sign-in's pure rules (lib/company-sign-in.ts) and the sealing of its client secret
// (server/sso/secret-box.ts): https issuers outside the emulator's demo- projects, domains as an
// admin types them, a secret sealed under REVALIDATE_SECRET and the company's id, and none sealed
// in a real project without a key.
import {
  SIGN_IN_MESSAGES,
  companySignInFailure,
  emailDomain,
  issuerProblem,
  parseSignInChanges,
  splitDomains,
} from '@/lib/company-sign-in';
import { openSecret, sealSecret } from '@/server/sso/secret-box';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

test('the issuer: https anywhere; plain http only on loopback, and only in a demo- project', () => {
  expect(issuerProblem('https://login.microsoftonline.com/t/v2.0', false)).toBeUndefined();
  expect(issuerProblem('http://127.0.0.1:4000', true)).toBeUndefined();
  expect(issuerProblem('http://localhost:4000', true)).toBeUndefined();
  expect(issuerProblem('http://127.0.0.1:4000', false)).toBe(SIGN_IN_MESSAGES.issuerHttps);
  expect(issuerProblem('http://login.example.gr', true)).toBe(SIGN_IN_MESSAGES.issuerHttps);
  expect(issuerProblem('javascript:alert(1)', true)).toBe(SIGN_IN_MESSAGES.issuer);
  expect(issuerProblem('login.example.gr', true)).toBe(SIGN_IN_MESSAGES.issuer);
});

test('domains as typed: separators, case, a leading @ and repeats do not matter; addresses give theirs', () => {
  expect(splitDomains(' Example.gr, @example.com;example.gr\nfos.test ')).toEqual([
    'example.gr',
    'example.com',
    'fos.test',
  ]);
  expect(emailDomain(' Maria@Studio-Fos.GR ')).toBe('studio-fos.gr');
  expect(emailDomain('maria@localhost')).toBeUndefined();
  expect(emailDomain('not an address')).toBeUndefined();
});

test('a save is judged field by field; the secret may be left out once one is set', () => {
  const good = {
    issuer: 'https://login.example.gr',
    clientId: 'karta',
    clientSecret: 's',
    domains: 'example.gr',
  };
  const options = { secretSet: false, loopbackHttp: false };
  expect(parseSignInChanges(good, options)).toEqual({
    changes: { ...good, domains: ['example.gr'], required: false },
  });
  expect(parseSignInChanges({ ...good, clientSecret: '' }, options)).toEqual({
    field: 'clientSecret',
    error: SIGN_IN_MESSAGES.clientSecret,
  });
  expect(
    parseSignInChanges({ ...good, clientSecret: '' }, { ...options, secretSet: true }),
  ).toEqual({
    changes: { ...good, clientSecret: undefined, domains: ['example.gr'], required: false },
  });
  expect(parseSignInChanges({ ...good, domains: 'exa mple' }, options)).toEqual({
    field: 'domains',
    error: SIGN_IN_MESSAGES.domain('exa'),
  });
  expect(
    parseSignInChanges({ ...good, domains: ['a.gr', 'b.gr'], required: true }, options),
  ).toEqual({
    changes: { ...good, domains: ['a.gr', 'b.gr'], required: true },
  });
});

test('a failure is told in Greek; an unknown code as a general one', () => {
  expect(companySignInFailure('unverified')).toBe(
    'Η σύνδεση με τον λογαριασμό της εταιρείας απέτυχε: ο πάροχος σύνδεσης δεν έχει επιβεβαιώσει τη διεύθυνση email σας.',
  );
  expect(companySignInFailure('<script>')).toBe(companySignInFailure('failed'));
});

test('the secret: sealed under REVALIDATE_SECRET for one company; another key or company cannot open it', () => {
  process.env.REVALIDATE_SECRET = 'one-secret';
  const sealed = sealSecret('client-secret', 'fos');
  expect(JSON.stringify(sealed)).not.toContain('client-secret');
  expect(openSecret(sealed, 'fos')).toBe('client-secret');
  expect(() => openSecret(sealed, 'other-company')).toThrow();
  process.env.REVALIDATE_SECRET = 'another-secret';
  expect(() => openSecret(sealed, 'fos')).toThrow();
});

test('no key, no secret: a real project without REVALIDATE_SECRET seals nothing', () => {
  delete process.env.REVALIDATE_SECRET;
  process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID = 'karta-prod';
  expect(() => sealSecret('client-secret', 'fos')).toThrow(/REVALIDATE_SECRET/);
  process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID = 'demo-karta';
  expect(openSecret(sealSecret('client-secret', 'fos'), 'fos')).toBe('client-secret');
});
