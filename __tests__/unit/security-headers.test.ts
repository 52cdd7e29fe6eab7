/**
 * @jest-environment node
 */
// The security headers' builder (server/security-headers.ts): the card's hashes are those of the
// exact text its HTML inlines, and the emulators and App Check appear only when configured.
import { createHash } from 'node:crypto';
import { renderCard } from '@/server/card/render';
import type { CardAssets } from '@/lib/card-assets';
import { normaliseProfile, toPublicProfile } from '@/lib/profile';
// How Next matches a `source` of next.config.ts `headers()`.
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import {
  cardCsp,
  PAGE_CSP_PATHS,
  pageCsp,
  SHARED_SECURITY_HEADERS,
} from '@/server/security-headers';

const ASSETS: CardAssets = {
  // What React escapes inside the elements, so that the hash must be of the escaped text.
  css: '.card{color:red}/* </style><STYLE> */',
  enhance: 'document.title = "</script><SCRIPT>"; import("/_karta/x.js")',
  sheet: '/_karta/sheet-X.js',
  sheetCss: '/_karta/sheet-X.css',
};

const PRODUCTION = {};
const LOCAL = {
  NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
  NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
};

function directive(csp: string, name: string): string[] {
  const found = csp.split('; ').find((d) => d.split(' ')[0] === name);
  return found ? found.split(' ').slice(1) : [];
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

test('the card’s hashes are those of the script and stylesheet its HTML holds', async () => {
  const html = await renderCard(
    toPublicProfile(normaliseProfile('maria', { firstName: 'Μαρία', lastName: 'Π' })),
    ASSETS,
  );
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  const script = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(style).toBeDefined();
  expect(script).toBeDefined();
  // React escaped them: hashing the raw assets would not match.
  expect(style).not.toBe(ASSETS.css);
  expect(script).not.toBe(ASSETS.enhance);
  const csp = cardCsp(ASSETS, PRODUCTION);
  expect(directive(csp, 'script-src')).toEqual(["'self'", sha256(script!)]);
  expect(directive(csp, 'style-src-elem')).toEqual(["'self'", sha256(style!)]);
  expect(directive(csp, 'style-src-attr')).toEqual(["'unsafe-inline'"]);
  // Every inline script besides the module is data, which script-src does not govern.
  const inlineScripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
  expect(inlineScripts).toEqual([' type="application/ld+json"', ' type="module"']);
});

test.each([
  ['the card', (source: Record<string, string>) => cardCsp(ASSETS, source)],
  ['the pages', (source: Record<string, string>) => pageCsp(source)],
])('%s: the emulators only when the build names them', (_what, csp) => {
  const production = csp(PRODUCTION);
  expect(production).not.toMatch(/http:\/\/|127\.0\.0\.1|localhost/);
  expect(directive(production, 'connect-src')).toContain('https://firestore.googleapis.com');
  expect(directive(csp(LOCAL), 'connect-src')).toContain('http://127.0.0.1:8080');
  for (const value of [production, csp(LOCAL)]) {
    expect(directive(value, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(value, 'base-uri')).toEqual(["'none'"]);
    expect(directive(value, 'object-src')).toEqual(["'none'"]);
    expect(directive(value, 'form-action')).toEqual(["'self'"]);
    expect(value).not.toContain("'unsafe-eval'");
  }
});

test('Auth is reached from the console only; App Check’s hosts only with its key', () => {
  expect(directive(pageCsp(LOCAL), 'connect-src')).toEqual(
    expect.arrayContaining(['https://identitytoolkit.googleapis.com', 'http://127.0.0.1:9099']),
  );
  expect(cardCsp(ASSETS, LOCAL)).not.toMatch(/identitytoolkit|9099/);
  expect(pageCsp(PRODUCTION)).not.toMatch(/recaptcha|firebaseappcheck/);
  const withKey = { NEXT_PUBLIC_RECAPTCHA_ENTERPRISE_SITE_KEY: 'key' };
  for (const csp of [pageCsp(withKey), cardCsp(ASSETS, withKey)]) {
    expect(directive(csp, 'script-src')).toContain('https://www.google.com/recaptcha/');
    expect(directive(csp, 'frame-src')).toContain('https://www.google.com/recaptcha/');
    expect(directive(csp, 'connect-src')).toContain(
      'https://content-firebaseappcheck.googleapis.com',
    );
  }
});

test('Google sign-in: its loader and the auth domain’s frame on the pages, never on a card', () => {
  const domain = { NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: 'karta-prod.firebaseapp.com' };
  expect(directive(pageCsp(domain), 'script-src')).toContain('https://apis.google.com');
  expect(directive(pageCsp(domain), 'frame-src')).toEqual(['https://karta-prod.firebaseapp.com']);
  expect(directive(pageCsp({ ...domain, ...LOCAL }), 'frame-src')).toContain(
    'http://127.0.0.1:9099',
  );
  expect(directive(pageCsp(PRODUCTION), 'frame-src')).toEqual(["'none'"]);
  const card = cardCsp(ASSETS, { ...domain, ...LOCAL });
  expect(card).not.toMatch(/apis\.google\.com|firebaseapp|9099/);
  expect(directive(card, 'frame-src')).toEqual(["'none'"]);
});

test('next dev alone may eval', () => {
  expect(directive(pageCsp(PRODUCTION, { dev: true }), 'script-src')).toContain("'unsafe-eval'");
});

test('the pages’ CSP is set by path on everything but the cards in each language, whose routes set their own', () => {
  const matchers = PAGE_CSP_PATHS.map((source) => getPathMatch(source));
  const pageCspFor = (path: string) => matchers.some((match) => match(path) !== false);
  for (const path of [
    '/',
    '/account',
    '/privacy',
    '/favicon.ico',
    '/icon.png',
    '/maria/vcard',
    '/maria/en/vcard',
    '/maria/eng',
  ]) {
    expect([path, pageCspFor(path)]).toEqual([path, true]);
  }
  for (const path of ['/_next/image', '/api/revalidate', '/maria/photo/abc', '/no/such/page']) {
    expect([path, pageCspFor(path)]).toEqual([path, true]);
  }
  for (const path of ['/maria', '/maria.k', '/nobody-here', '/accounts', '/μαρία', '/maria/en']) {
    expect([path, pageCspFor(path)]).toEqual([path, false]);
  }
  expect(SHARED_SECURITY_HEADERS.map((h) => h.key)).toEqual([
    'X-Content-Type-Options',
    'Referrer-Policy',
    'X-Frame-Options',
  ]);
});

test('the card lets the browser load images from its own origin only', () => {
  expect(directive(cardCsp(ASSETS, PRODUCTION), 'img-src')).toEqual(["'self'", 'data:']);
});
