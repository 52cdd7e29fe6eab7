// The card page, served by `next start` from a production build read from the real emulator.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { adminDb } from '@/server/firebase/admin-app';
import { DEMO_PROFILES_FILE, ROOT } from '@/tools/lib/paths';
import { loadProfilesFile } from '@/tools/lib/seed';
import { LATE_PROFILE, MALFORMED_PROFILES } from '../fixtures/profiles';
import { baseUrl, browserForThisFile, contextForThisFile, watchProblems } from '../helpers/browser';
import { get } from '../helpers/http';

const demo = loadProfilesFile(DEMO_PROFILES_FILE);
const maria = demo.find((p) => p.username === 'maria')!;
const browser = browserForThisFile();
const context = contextForThisFile(browser);

const problemsOf = new WeakMap<Page, string[]>();

async function open(pathname: string, viewport = { width: 390, height: 844 }): Promise<Page> {
  const page = await context().newPage();
  await page.setViewportSize(viewport);
  problemsOf.set(page, watchProblems(page));
  await page.goto(`${baseUrl()}${pathname}`, { waitUntil: 'networkidle' });
  return page;
}

test('next build pre-renders every existing user', () => {
  const manifest = JSON.parse(
    readFileSync(path.join(ROOT, process.env.NEXT_DIST_DIR!, 'prerender-manifest.json'), 'utf8'),
  ) as { routes: Record<string, unknown> };
  for (const { username } of [...demo, ...MALFORMED_PROFILES]) {
    expect(Object.keys(manifest.routes)).toContain(`/${username}`);
  }
});

// The card's HTML comes from React's static renderer inside a route handler (server/card/static-html.ts),
// an entry point Next's alias table calls unsupported: this is where a Next upgrade that breaks it
// shows, beside the build itself.
test('the built card is static HTML from React, kept by ISR, with no framework script', async () => {
  const manifest = JSON.parse(
    readFileSync(path.join(ROOT, process.env.NEXT_DIST_DIR!, 'prerender-manifest.json'), 'utf8'),
  ) as { routes: Record<string, { initialRevalidateSeconds?: number | false }> };
  expect(manifest.routes['/maria'].initialRevalidateSeconds).toBe(3600);
  const first = await get('/maria');
  const again = await get('/maria');
  expect(again.headers.get('x-nextjs-cache')).toBe('HIT');
  expect(again.body).toBe(first.body);
  const html = first.body;
  expect(html.startsWith('<!DOCTYPE html><html lang="el"><head><meta charSet="utf-8"/>')).toBe(
    true,
  );
  expect(html.match(/<script[^>]*>/g)).toEqual([
    '<script type="application/ld+json">',
    '<script type="module">',
  ]);
  expect(html).not.toMatch(/_next\/static|self\.__next|<template/);
  expect(html).toContain('<h1 class="name">Μαρία Παπαδοπούλου</h1>');
});

test('a card whose owner named images on other hosts makes the browser ask karta alone', async () => {
  const username = `hosts-${Date.now().toString(36)}`;
  await adminDb().doc(`users/${username}`).set({
    username,
    firstName: 'Ίρις',
    phoneNumber: '+30 691 000 0000',
    facebookLink: 'https://www.facebook.com/example',
    displayImage: 'https://tracker.example/pixel.jpg',
    facebookIcon: 'https://tracker.example/fb.svg',
    viberIcon: 'http://tracker.example/viber.svg',
  });
  const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).origin));
  await page.goto(`${baseUrl()}/${username}`, { waitUntil: 'networkidle' });
  // The sheet's files come when idle after load, from karta too.
  // (a prefetch where the browser has it, as Chromium does; a modulepreload elsewhere).
  await page.waitForFunction(
    () => document.querySelector('link[rel=prefetch], link[rel=modulepreload]') !== null,
  );
  await page.waitForLoadState('networkidle');
  expect([...hosts]).toEqual([baseUrl()]);
  expect(await page.locator('.image.placeholder').textContent()).toBe('Ί');
  await page.close();
});

test('a card asks for one image as it loads, its photo: its icons are drawn in its HTML', async () => {
  const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
  const images: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname);
  });
  await page.goto(`${baseUrl()}/maria`, { waitUntil: 'networkidle' });
  expect(images).toEqual(['/_next/image']);
  expect(await page.locator('[data-row] svg.rowIcon').count()).toBe(4);
  expect(await page.locator('[data-social] svg.socialTile').count()).toBe(4);
  await page.close();
});

test('/ is exactly "Hello world!"', async () => {
  const res = await get('/');
  expect(res.status).toBe(200);
  const page = await open('/');
  expect((await page.locator('body').innerText()).trim()).toBe('Hello world!');
  await page.close();
});

test('a complete profile: every field in its place, in order', async () => {
  const page = await open('/maria');
  const main = page.locator('main');
  const img = main.locator('img').first();
  expect(await img.getAttribute('alt')).toBe('Φωτογραφία: Μαρία Παπαδοπούλου');
  expect(await page.locator('h1').innerText()).toBe('Μαρία Παπαδοπούλου');
  expect(await page.getByText('Αρχιτέκτονας, @Studio Φως').count()).toBe(1);

  // Top-to-bottom order of the card's sections.
  const order = await page.evaluate(() => {
    const at = (el: Element | null) => (el ? el.getBoundingClientRect().top : -1);
    const byText = (text: string) =>
      [...document.querySelectorAll('main *')].find((el) => el.textContent?.trim() === text) ??
      null;
    return {
      image: at(document.querySelector('main img')),
      exchange: at(byText('Ανταλλαγή Επαφής')),
      name: at(document.querySelector('h1')),
      headline: at(byText('Αρχιτέκτονας, @Studio Φως')),
      location: at(byText('Αθήνα, Ελλάδα')),
      email: at(document.querySelector('[data-row=email]')),
      phone: at(document.querySelector('[data-row=phone]')),
      address: at(document.querySelector('[data-row=address]')),
      website: at(document.querySelector('[data-row=website]')),
      save: at(byText('Αποθήκευση Επαφής')),
      social: at(document.querySelector('nav')),
    };
  });
  const tops = Object.entries(order);
  for (const [name, top] of tops) expect([name, top >= 0]).toEqual([name, true]);
  const sorted = [...tops].sort((a, b) => a[1] - b[1]).map(([name]) => name);
  expect(sorted).toEqual(Object.keys(order));

  const rows = await page.$$eval('[data-row]', (els) =>
    els.map((el) => {
      const a = el.querySelector('a');
      return {
        row: el.getAttribute('data-row'),
        text: (el as HTMLElement).innerText
          .split('\n')
          .map((s) => s.trim())
          .filter(Boolean),
        href: a?.getAttribute('href'),
        target: a?.getAttribute('target') ?? null,
        rel: a?.getAttribute('rel') ?? null,
      };
    }),
  );
  expect(rows).toEqual([
    {
      row: 'email',
      text: [maria.email, 'Email'],
      href: `mailto:${maria.email}`,
      target: null,
      rel: null,
    },
    {
      row: 'phone',
      text: [maria.phoneNumber, 'Τηλέφωνο'],
      href: 'tel:+306912345678',
      target: null,
      rel: null,
    },
    {
      row: 'address',
      text: [maria.address, maria.addressDetails],
      href: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(String(maria.address))}`,
      target: '_blank',
      rel: 'noopener noreferrer',
    },
    {
      row: 'website',
      text: ['www.example.gr', 'Ιστοσελίδα'],
      href: 'https://www.example.gr/',
      target: '_blank',
      rel: 'noopener noreferrer',
    },
  ]);

  const social = await page.$$eval('nav a', (els) =>
    els.map((a) => ({
      kind: a.getAttribute('data-social'),
      href: a.getAttribute('href'),
      label: a.getAttribute('aria-label'),
      tile: a.querySelector('svg.socialTile') !== null,
      size: [
        a.querySelector('svg')?.getBoundingClientRect().width,
        a.querySelector('svg')?.getBoundingClientRect().height,
      ],
    })),
  );
  // Each one an 80 × 80 tile named by its brand and the owner.
  const tile = (kind: string, brand: string, href: string) => ({
    kind,
    href,
    label: `${brand}: Μαρία Παπαδοπούλου`,
    tile: true,
    size: [80, 80],
  });
  expect(social).toEqual([
    tile('facebook', 'Facebook', 'https://www.facebook.com/example'),
    tile('instagram', 'Instagram', 'https://www.instagram.com/example'),
    tile('viber', 'Viber', 'viber://chat?number=%2B306912345678'),
    tile('whatsapp', 'WhatsApp', 'https://wa.me/306912345678'),
  ]);
  expect(problemsOf.get(page)).toEqual([]);

  const dir = path.join(ROOT, 'artifacts', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, 'maria-390x844.png'), fullPage: true });
  expect(existsSync(path.join(dir, 'maria-390x844.png'))).toBe(true);
  await page.close();
});

test('no Facebook or Instagram link: only Viber and WhatsApp, with the mobile (a Greek national number), not the office landline', async () => {
  const page = await open('/nikos');
  const social = await page.$$eval('nav a', (els) =>
    els.map((a) => [a.getAttribute('data-social'), a.getAttribute('href')]),
  );
  expect(social).toEqual([
    ['viber', 'viber://chat?number=%2B306971234567'],
    ['whatsapp', 'https://wa.me/306971234567'],
  ]);
  const rows = await page.$$eval('[data-row] a', (els) => els.map((a) => a.getAttribute('href')));
  expect(rows).toEqual(expect.arrayContaining(['tel:+306971234567', 'tel:+302101234567']));
  await page.close();
});

test('only the name fields: no rows, no social bar, nothing shown as undefined', async () => {
  const res = await get('/kostas');
  expect(res.status).toBe(200);
  const page = await open('/kostas');
  expect(await page.locator('body').innerText()).not.toMatch(/undefined|null|NaN/);
  expect(await page.locator('h1').innerText()).toBe('Κώστας Αντωνίου');
  expect(await page.locator('[data-row]').count()).toBe(0);
  expect(await page.locator('nav').count()).toBe(0);
  expect(await page.getByText('Ελλάδα', { exact: true }).count()).toBe(1);
  expect(await page.getByText('Αποθήκευση Επαφής').count()).toBe(1);
  await page.close();
});

test('long Greek text keeps its accents and its address details', async () => {
  const eleni = demo.find((p) => p.username === 'eleni')!;
  const page = await open('/eleni');
  expect(await page.locator('h1').innerText()).toBe(`${eleni.firstName} ${eleni.lastName}`);
  const address = await page.locator('[data-row=address]').innerText();
  expect(address).toContain(String(eleni.address));
  expect(address).toContain(String(eleni.addressDetails));
  await page.close();
});

test('a missing profile is a 404 with the Oops! page, marked noindex', async () => {
  const res = await get('/nobody-here');
  expect(res.status).toBe(404);
  expect(res.body).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
  const page = await open('/nobody-here');
  expect(await page.locator('h1').innerText()).toBe('Oops!');
  expect((await page.locator('main').innerText()).replace(/\n+/g, '\n')).toBe(
    'Oops!\nSorry, an unexpected error has occurred.\nNot Found',
  );
  await page.close();
});

test.each([
  ['a slash (encoded)', '/a%2Fb'],
  ['a reserved __id__', '/__karta__'],
  ['over 1,500 bytes', `/${'a'.repeat(1501)}`],
  ['1,502 bytes of Greek', `/${encodeURIComponent('α'.repeat(751))}`],
  ['a control character', '/a%01b'],
  ['a NUL', '/a%00b'],
  ['malformed percent-encoding', '/%E0%A4%A'],
  ['a lone percent', '/100%'],
  ['a bad escape', '/%ZZ'],
])('an invalid username (%s) is a 404, never a 500', async (_, pathname) => {
  const res = await get(pathname);
  expect(res.status).toBe(404);
  expect(res.body).toContain('Oops!');
});

test('"." and ".." never reach the route: URLs resolve them, so they are the root, not an error', async () => {
  for (const pathname of ['/.', '/..', '/%2e', '/%2E%2E']) {
    const res = await fetch(`${baseUrl()}${pathname}`);
    expect([pathname, res.status]).toEqual([pathname, 200]);
    expect(await res.text()).toContain('Hello world!');
  }
});

describe('malformed documents still render', () => {
  test('wrong types are coerced or dropped; unknown fields never reach the page', async () => {
    const res = await get('/malformed-types');
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('must never reach the page');
    expect(res.body).not.toContain('secretNote');
    expect(res.body).not.toMatch(/href="javascript:/i);
    const page = await open('/malformed-types');
    expect(await page.locator('h1').innerText()).toBe('Τάσος 42');
    // The website is shown as text, not linked.
    const website = page.locator('[data-row=website]');
    expect(await website.innerText()).toContain('javascript:alert(1)');
    expect(await website.locator('a').count()).toBe(0);
    const social = await page.$$eval('nav a', (els) =>
      els.map((a) => a.getAttribute('data-social')),
    );
    expect(social).toEqual(['viber', 'whatsapp']);
    await page.close();
  });

  test('an empty document renders with the username as its name', async () => {
    const res = await get('/malformed-empty');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<h1');
    expect(res.body).toContain('malformed-empty');
  });

  test('markup in data is escaped text', async () => {
    const res = await get('/malformed-html');
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('<script>alert("x")</script>');
    expect(res.body).not.toContain('<img src=x');
    const page = await open('/malformed-html');
    expect(await page.locator('h1').innerText()).toBe(
      '<script>alert("x")</script> Ο\'Brien & "Co"',
    );
    await page.close();
  });
});

test('thumbnailBase64 is not in the HTML, and the card has no RSC payload to hold it', async () => {
  const thumb = String(maria.thumbnailBase64)
    .replace(/^data:[^,]*,/, '')
    .slice(0, 40);
  const html = await get('/maria');
  expect(html.body).toContain('Παπαδοπούλου');
  // What Next's client router would ask for gets the same HTML: the card is no React page.
  const rsc = await get('/maria', { RSC: '1' }, 'follow');
  expect(rsc.headers.get('content-type')).toMatch(/^text\/html/);
  for (const body of [html.body, rsc.body]) {
    expect(body).not.toContain('thumbnailBase64');
    expect(body).not.toContain(thumb);
  }
});

test('metadata: title, description, Open Graph, Twitter, canonical URL and a JSON-LD Person', async () => {
  const page = await open('/maria');
  expect(await page.title()).toBe('Μαρία Παπαδοπούλου · Αρχιτέκτονας, @Studio Φως');
  const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
  expect(await page.locator('html').getAttribute('lang')).toBe('el');
  expect(await meta('meta[name=description]')).toContain('Αρχιτέκτονας');
  expect(await meta('meta[property="og:title"]')).toBe(
    'Μαρία Παπαδοπούλου · Αρχιτέκτονας, @Studio Φως',
  );
  expect(await meta('meta[property="og:image"]')).toBe(`${baseUrl()}/demo/maria.jpg`);
  expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
  expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`${baseUrl()}/maria`);
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
  );
  expect(ld).toMatchObject({
    '@type': 'Person',
    name: 'Μαρία Παπαδοπούλου',
    jobTitle: 'Αρχιτέκτονας',
    worksFor: { '@type': 'Organization', name: 'Studio Φως' },
    email: maria.email,
    telephone: '+306912345678',
    address: { '@type': 'PostalAddress', streetAddress: maria.address, addressCountry: 'GR' },
    url: 'https://www.example.gr/',
    sameAs: ['https://www.facebook.com/example', 'https://www.instagram.com/example'],
  });
  await page.close();
});

test('a profile created after the build renders on its first request', async () => {
  const before = await get(`/${LATE_PROFILE.username}-x`);
  expect(before.status).toBe(404);
  await adminDb().collection('users').doc(LATE_PROFILE.username).set(LATE_PROFILE);
  const res = await get(`/${LATE_PROFILE.username}`);
  expect(res.status).toBe(200);
  expect(res.body).toContain('Νεοφερμένος');
});
