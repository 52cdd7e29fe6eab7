// The security headers of every kind of answer, in Chromium and over HTTP against the production
// build: the shared ones everywhere, the card's hashed CSP on cards, no page framed by another
// site, and a card whose exchange sheet opens and sends a contact with no CSP violation.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { adminDb } from '@/server/firebase/admin-app';
import { CSP_HEADER, SHARED_SECURITY_HEADERS } from '@/server/security-headers';
import { ROOT } from '@/tools/lib/paths';
import { baseUrl, browserForThisFile, contextForThisFile, watchProblems } from '../helpers/browser';
import { tapExchange } from '../helpers/exchange';
import { get } from '../helpers/http';
import { eventually } from '../helpers/eventually';

const browser = browserForThisFile();
const context = contextForThisFile(browser, { viewport: { width: 390, height: 844 } });

function expectShared(headers: Headers, what: string) {
  for (const { key, value } of SHARED_SECURITY_HEADERS) {
    expect([what, key, headers.get(key)]).toEqual([what, key, value]);
  }
  const csp = headers.get(CSP_HEADER) ?? '';
  expect([what, csp]).toEqual([what, expect.stringContaining("frame-ancestors 'none'")]);
  // One policy, not the pages' and the card's joined.
  expect([what, csp.split(',').length]).toEqual([what, 1]);
  return csp;
}

test.each([
  ['the home page', '/', 200],
  ['the console', '/account', 200],
  ['the privacy notice', '/privacy', 200],
  ['a path of no page', '/no/such/page', 404],
  ['a malformed path (the proxy)', '/%E0%A4%A', 404],
  ['a vCard', '/maria/vcard', 200],
  ['a QR code', '/maria/qr.svg', 200],
  ['a public file', '/demo/maria.jpg', 200],
  ['a photo version that is gone', '/maria/photo/AAAAAAAAAAAAAAAA', 404],
])('%s (%s) carries the shared headers and the pages’ CSP', async (what, pathname, status) => {
  const res = await get(pathname);
  expect([pathname, res.status]).toEqual([pathname, status]);
  const csp = expectShared(res.headers, what);
  expect(csp).toContain("script-src 'self' 'unsafe-inline'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
});

test('the revalidation API answers with them too, even refusing', async () => {
  const res = await fetch(`${baseUrl()}/api/revalidate`, { method: 'POST', body: '{}' });
  expect(res.status).toBeGreaterThanOrEqual(400);
  expectShared(res.headers, '/api/revalidate');
});

test('the image optimiser answers with them', async () => {
  const [photo] = readdirSync(path.join(ROOT, 'public', 'demo'));
  const res = await fetch(
    `${baseUrl()}/_next/image?url=${encodeURIComponent(`/demo/${photo}`)}&w=64&q=75`,
  );
  expect(res.status).toBe(200);
  for (const { key, value } of SHARED_SECURITY_HEADERS) expect(res.headers.get(key)).toBe(value);
});

test.each([
  ['a card', '/maria', 200],
  ['a card’s 404', '/nobody-here', 404],
])(
  '%s carries the card’s CSP: its inline script and stylesheet by hash',
  async (what, pathname, status) => {
    const first = await get(pathname);
    const cached = await get(pathname);
    for (const res of [first, cached]) {
      expect(res.status).toBe(status);
      const csp = expectShared(res.headers, what);
      expect(csp).not.toContain("'unsafe-inline' ");
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
      expect(csp).toMatch(/style-src-elem 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
      expect(csp).toContain("style-src-attr 'unsafe-inline'");
      expect(csp).toContain('https://firestore.googleapis.com');
      // The emulator this build was made for, and only because it was.
      expect(csp).toContain(`http://${process.env.NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST}`);
    }
  },
);

test('/account cannot be framed, by another origin or its own', async () => {
  // From a page of no policy of its own (about:blank), so that only /account's headers decide.
  const page = await context().newPage();
  const problems: string[] = [];
  page.on('console', (msg) => problems.push(msg.text()));
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    document.body.append(frame);
  }, `${baseUrl()}/account`);
  // The browser's refusal, then what the frame holds.
  await eventually(() => /frame-ancestors|X-Frame-Options/.test(problems.join('\n')), {
    what: 'the refusal to frame /account',
  });
  const framed = page.frames().find((f) => f.url().endsWith('/account'));
  const text = framed
    ? await framed.evaluate(() => document.body?.innerText ?? '').catch(() => '')
    : '';
  expect(text).toBe('');
  expect(problems.join('\n')).toMatch(/frame-ancestors|X-Frame-Options/);
  await page.close();
});

test('a visitor opens the exchange sheet and sends a contact with no CSP violation', async () => {
  const page = await context().newPage();
  const problems = watchProblems(page);
  await page.goto(`${baseUrl()}/maria`, { waitUntil: 'networkidle' });
  await tapExchange(page);
  const dialog = page.getByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Μαρία' });
  await dialog.waitFor();
  const name = `CSP ${Date.now()}`;
  await dialog.getByLabel('Όνομα').fill(name);
  await dialog.getByLabel('Email').fill('csp@example.gr');
  await dialog.getByRole('button', { name: 'Αποστολή' }).click();
  await page.getByRole('status').filter({ hasText: 'Τα στοιχεία σας στάλθηκαν' }).waitFor();
  const docs = await adminDb().collection('users/maria/contacts').where('name', '==', name).get();
  expect(docs.size).toBe(1);
  expect(problems).toEqual([]);
  await page.close();
});
