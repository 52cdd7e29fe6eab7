/**
 * @jest-environment jsdom
 */
// The card's components (components/card): the body rendered by @testing-library/react and
// queried as a visitor finds it, and the whole document as the card route writes it with React's
// static renderer, parsed as a browser would parse it.
import { screen, within } from '@testing-library/react';
import { CARD_END_ID } from '@/components/card/Card';
import { renderCard, renderNotFound } from '@/server/card/render';
import type { CardAssets } from '@/lib/card-assets';
import { normaliseProfile, toPublicProfile, type PublicProfile } from '@/lib/profile';
import { cardKey } from '@/server/stats/card-key';
import { colord } from 'colord';
import { ACCENT_MIN_CONTRAST, accentColors } from '@/lib/theme';
import { renderCardBody } from '../helpers/card';

const ASSETS: CardAssets = {
  css: '.card{color:red}',
  enhance: 'document.documentElement.dataset.x = "</script>"',
  sheet: '/_karta/sheet-X.js',
  sheetCss: '/_karta/sheet-X.css',
};

const complete = toPublicProfile(
  normaliseProfile('maria', {
    firstName: 'Μαρία',
    lastName: 'Παπαδοπούλου',
    jobTitle: 'Αρχιτέκτονας',
    companyName: 'Studio Φως',
    city: 'Αθήνα',
    email: 'maria@example.gr',
    phoneNumber: '+30 691 234 5678',
    address: 'Ερμού 45, Αθήνα',
    addressDetails: '2ος όροφος',
    websiteLink: 'www.example.gr',
    displayImage: '/demo/maria.jpg',
    facebookLink: 'https://www.facebook.com/example',
    instagramLink: 'https://www.instagram.com/example',
  }),
);

function renderBody(profile: PublicProfile = complete) {
  return renderCardBody(profile, ASSETS);
}

async function parsedDocument(profile: PublicProfile = complete): Promise<Document> {
  return new DOMParser().parseFromString(await renderCard(profile, ASSETS), 'text/html');
}

test('sections stand in the documented order', () => {
  const { container } = renderBody();
  const main = container.querySelector('main')!;
  const marks = [
    main.querySelector('img[alt="Φωτογραφία: Μαρία Παπαδοπούλου"]'),
    screen.getByRole('button', { name: 'Ανταλλαγή Επαφής' }),
    screen.getByRole('heading', { level: 1, name: 'Μαρία Παπαδοπούλου' }),
    screen.getByText('Αρχιτέκτονας, @Studio Φως'),
    screen.getByText('Αθήνα, Ελλάδα'),
    main.querySelector('[data-row=email]'),
    main.querySelector('[data-row=phone]'),
    main.querySelector('[data-row=address]'),
    main.querySelector('[data-row=website]'),
    screen.getByRole('link', { name: 'Αποθήκευση Επαφής' }),
    screen.getByRole('button', { name: 'Κοινοποίηση' }),
    screen.getByRole('link', { name: 'Κωδικός QR' }),
    screen.getByRole('navigation'),
  ];
  marks.forEach((el) => expect(el).not.toBeNull());
  for (let i = 1; i < marks.length; i++) {
    // DOCUMENT_POSITION_FOLLOWING: each mark comes after the previous one.
    expect(
      marks[i - 1]!.compareDocumentPosition(marks[i]!) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  }
});

test('all four social icons with a phone and both links, each with an accessible name', () => {
  renderBody();
  const nav = screen.getByRole('navigation');
  const names = within(nav)
    .getAllByRole('link')
    .map((a) => a.getAttribute('aria-label'));
  expect(names).toEqual([
    'Facebook: Μαρία Παπαδοπούλου',
    'Instagram: Μαρία Παπαδοπούλου',
    'Viber: Μαρία Παπαδοπούλου',
    'WhatsApp: Μαρία Παπαδοπούλου',
  ]);
});

test('no Facebook/Instagram links: only Viber and WhatsApp', () => {
  renderBody({ ...complete, facebookLink: undefined, instagramLink: undefined });
  const kinds = within(screen.getByRole('navigation'))
    .getAllByRole('link')
    .map((a) => a.getAttribute('data-social'));
  expect(kinds).toEqual(['viber', 'whatsapp']);
});

test('no phone: no Viber or WhatsApp, and no phone row', () => {
  const { container } = renderBody({ ...complete, phoneNumber: undefined });
  const kinds = within(screen.getByRole('navigation'))
    .getAllByRole('link')
    .map((a) => a.getAttribute('data-social'));
  expect(kinds).toEqual(['facebook', 'instagram']);
  expect(container.querySelector('[data-row=phone]')).toBeNull();
});

test('nothing but the name: no rows, no social bar, no "undefined"', () => {
  const { container } = renderBody(
    toPublicProfile(normaliseProfile('kostas', { firstName: 'Κώστας', lastName: 'Αντωνίου' })),
  );
  expect(container.querySelectorAll('[data-row]')).toHaveLength(0);
  expect(screen.queryByRole('navigation')).toBeNull();
  expect(container.textContent).not.toMatch(/undefined|null/);
  expect(screen.getByText('Ελλάδα')).toBeInTheDocument();
});

test('a javascript: website is shown as text, not as a link', () => {
  const { container } = renderBody({ ...complete, websiteLink: 'javascript:alert(1)' });
  const row = container.querySelector('[data-row=website]')!;
  expect(row.textContent).toContain('javascript:alert(1)');
  expect(row.querySelector('a')).toBeNull();
});

test('Share and the QR code: the QR link goes to the card QR route', () => {
  renderBody();
  expect(screen.getByRole('button', { name: 'Κοινοποίηση' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Κωδικός QR' })).toHaveAttribute('href', '/maria/qr.svg');
});

test('markup in the data is text, in elements and in attributes alike', () => {
  const evil = '<img src=x onerror=alert(1)> "quoted" & more';
  const { container } = renderBody({ ...complete, firstName: evil, jobTitle: evil });
  expect(container.querySelector('img[src=x]')).toBeNull();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(evil);
  expect(container.querySelector('main')!.dataset.firstName).toBe(evil);
});

test('the document: stylesheet and script inline, photo preloaded, no other script', async () => {
  const html = await renderCard(complete, ASSETS);
  expect(html.startsWith('<!DOCTYPE html><html lang="el">')).toBe(true);
  const doc = new DOMParser().parseFromString(html, 'text/html');
  expect(doc.querySelector('style')!.textContent).toBe(ASSETS.css);
  expect(doc.querySelector('link[rel=stylesheet]')).toBeNull();
  // One preload, for the photo at the widths the screen may ask for, before the stylesheet.
  const preloads = doc.querySelectorAll('link[rel=preload]');
  expect(preloads).toHaveLength(1);
  expect(preloads[0].getAttribute('as')).toBe('image');
  expect(preloads[0].getAttribute('fetchpriority')).toBe('high');
  expect(preloads[0].getAttribute('imagesrcset')).toBe(
    doc.querySelector('main img')!.getAttribute('srcset'),
  );
  expect(
    preloads[0].compareDocumentPosition(doc.querySelector('style')!) &
      Node.DOCUMENT_POSITION_FOLLOWING,
  ).toBeTruthy();
  // The first paint waits for the whole card (e2e/quality.test.ts cuts its HTML in two): the
  // mark it waits for follows the card's visible parts.
  const expected = doc.querySelectorAll('link[rel=expect]');
  expect([...expected].map((l) => [l.getAttribute('href'), l.getAttribute('blocking')])).toEqual([
    [`#${CARD_END_ID}`, 'render'],
  ]);
  const mark = doc.getElementById(CARD_END_ID)!;
  expect(mark.previousElementSibling).toBe(doc.querySelector('main'));
  expect(mark.hidden).toBe(true);
  expect(doc.querySelector('script[src]')).toBeNull();
  expect([...doc.scripts].map((s) => s.type)).toEqual(['application/ld+json', 'module']);
  // React's renderer keeps the script's text from closing the element: `</script` is written
  // with an escape that means the same inside a string.
  expect(doc.querySelector('script[type=module]')!.textContent).toBe(
    'document.documentElement.dataset.x = "</\\u0073cript>"',
  );
  expect(doc.title).toBe('Μαρία Παπαδοπούλου · Αρχιτέκτονας, @Studio Φως');
  expect(doc.querySelector('link[rel=canonical]')!.getAttribute('href')).toMatch(/\/maria$/);
  expect(doc.querySelector('meta[property="og:type"]')!.getAttribute('content')).toBe('profile');
  expect(doc.querySelectorAll('meta[name=theme-color]')).toHaveLength(2);
  expect(doc.querySelector('link[rel=apple-touch-icon]')).not.toBeNull();
  const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
  expect(ld).toMatchObject({ '@type': 'Person', name: 'Μαρία Παπαδοπούλου' });
  // Nothing of a React app: no hydration markers, no framework script.
  expect(html).not.toMatch(/<!--|<template|\$RC|__next/);
});

test('markup in the data cannot leave its element in the document either', async () => {
  const evil = '</script><script>alert(1)</script><!--';
  const doc = await parsedDocument({ ...complete, firstName: evil, jobTitle: evil });
  expect([...doc.scripts].map((s) => s.type)).toEqual(['application/ld+json', 'module']);
  const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
  expect(ld.name).toBe(`${evil} Παπαδοπούλου`);
  expect(doc.title).toContain(evil);
  expect(doc.querySelector('h1')!.textContent).toBe(`${evil} Παπαδοπούλου`);
});

test('no photo: the initials, and nothing preloaded', async () => {
  const doc = await parsedDocument({ ...complete, displayImage: undefined });
  expect(doc.querySelector('.image.placeholder')!.textContent).toBe('ΜΠ');
  expect(doc.querySelector('link[rel=preload]')).toBeNull();
});

test('the 404 page: the Oops! screen, not indexed, no script', async () => {
  const html = await renderNotFound();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  expect(doc.title).toBe('Not Found · karta');
  expect(doc.querySelector('h1')!.textContent).toBe('Oops!');
  expect(doc.querySelector('main i')!.textContent).toBe('Not Found');
  expect(doc.querySelector('meta[name=robots]')!.getAttribute('content')).toBe('noindex, nofollow');
  expect(doc.scripts).toHaveLength(0);
});

test('images from another host are not shown: the initials, and the bundled icons', () => {
  const { container } = renderBody({
    ...complete,
    displayImage: 'https://tracker.example/pixel.jpg',
    facebookIcon: 'https://tracker.example/fb.svg',
    instagramIcon: '//tracker.example/ig.svg',
    viberIcon: '/icons/custom-viber.svg',
  } as PublicProfile);
  const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
  expect(sources.filter((src) => src?.includes('tracker.example'))).toEqual([]);
  expect(container.querySelector('.image.placeholder')!.textContent).toBe('ΜΠ');
  // The seed's icon fields are no longer read: the card's own inline tiles, whatever a document
  // holds, and no image but the QR code's.
  for (const kind of ['facebook', 'instagram', 'viber']) {
    expect(container.querySelector(`[data-social=${kind}] svg.socialTile`)).not.toBeNull();
  }
  expect(sources).toEqual([expect.stringMatching(/\/qr\.svg$/)]);
});

test('a photo on an allowed storage host is shown through karta’s own image optimiser', () => {
  const { container } = renderBody({
    ...complete,
    displayImage: 'https://firebasestorage.googleapis.com/v0/b/x/o/p.jpg',
  });
  expect(container.querySelector('main img')!.getAttribute('src')).toMatch(/^\/_next\/image\?url=/);
});

describe("the card's stats key", () => {
  const saved = process.env.REVALIDATE_SECRET;
  afterEach(() => {
    if (saved === undefined) delete process.env.REVALIDATE_SECRET;
    else process.env.REVALIDATE_SECRET = saved;
  });
  const other = toPublicProfile(normaliseProfile('nikos', { firstName: 'Νίκος' }));
  const keyOf = (doc: Document) => doc.querySelector('main')?.getAttribute('data-stats-key');
  const scriptOf = (doc: Document) => doc.querySelector('script[type="module"]')?.textContent;

  test("each card's HTML carries its own, outside the inline script, which stays the same", async () => {
    process.env.REVALIDATE_SECRET = 'a-revalidate-secret';
    const [maria, nikos] = [await parsedDocument(), await parsedDocument(other)];
    expect(keyOf(maria)).toBe(cardKey('a-revalidate-secret', 'maria'));
    expect(keyOf(nikos)).toBe(cardKey('a-revalidate-secret', 'nikos'));
    // The script's CSP hash is the build's, one for every card.
    expect(scriptOf(maria)).toBe(scriptOf(nikos));
    expect(scriptOf(maria)).not.toContain(keyOf(maria));
  });

  test('without REVALIDATE_SECRET, none', async () => {
    delete process.env.REVALIDATE_SECRET;
    expect((await parsedDocument()).querySelector('main')?.hasAttribute('data-stats-key')).toBe(
      false,
    );
  });
});

describe("the owner's links", () => {
  // Each link as stored, and what the card shows of it (none: not shown): its text, the kind its
  // accessible name adds, its icon and the event it is counted under.
  const LINKS: Array<{
    stored: { kind: string; url: string; label?: string };
    shown?: { text: string; named: string; icon: string; event: string };
  }> = [
    {
      stored: { kind: 'youtube', url: 'https://www.youtube.com/@maria' },
      shown: { text: 'YouTube', named: 'YouTube', icon: 'brand-youtube', event: 'youtube' },
    },
    {
      stored: { kind: 'link', url: 'https://shop.example.gr/', label: 'Το κατάστημά μου' },
      shown: {
        text: 'Το κατάστημά μου',
        named: 'Το κατάστημά μου (Σύνδεσμος)',
        icon: 'link',
        event: 'link',
      },
    },
    // Not a LinkedIn page: shown as a plain link, named by its host.
    {
      stored: { kind: 'linkedin', url: 'https://www.example.com/in/maria' },
      shown: {
        text: 'www.example.com',
        named: 'www.example.com (Σύνδεσμος)',
        icon: 'link',
        event: 'link',
      },
    },
    // An http address, an unknown kind: neither is shown.
    { stored: { kind: 'github', url: 'http://github.com/maria' } },
    { stored: { kind: 'myspace', url: 'https://myspace.com/maria' } },
    {
      stored: { kind: 'linkedin', url: 'https://www.linkedin.com/in/maria', label: 'Το γραφείο' },
      shown: {
        text: 'Το γραφείο',
        named: 'Το γραφείο (LinkedIn)',
        icon: 'brand-linkedin',
        event: 'linkedin',
      },
    },
    {
      stored: { kind: 'googlemaps', url: 'https://maps.app.goo.gl/abc' },
      shown: {
        text: 'Google Maps',
        named: 'Google Maps',
        icon: 'brand-google-maps',
        event: 'googlemaps',
      },
    },
  ];
  const shown = LINKS.flatMap(({ stored, shown }) =>
    shown ? [{ url: stored.url, ...shown }] : [],
  );
  const withLinks = toPublicProfile(
    normaliseProfile('maria', {
      firstName: 'Μαρία',
      lastName: 'Παπαδοπούλου',
      phoneNumber: '+30 691 234 5678',
      links: LINKS.map(({ stored }) => stored),
    }),
  );

  test("under the social bar, in the owner's order, each with its icon and an accessible name", () => {
    const { container } = renderBody(withLinks);
    const list = screen.getByRole('list', { name: 'Σύνδεσμοι' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual(
      shown.map((link) => [link.url, link.text]),
    );
    expect(links.map((a) => a.getAttribute('aria-label'))).toEqual(
      shown.map((link) => `${link.named}: Μαρία Παπαδοπούλου`),
    );
    for (const a of links) {
      // Leaves the card as its other outside links do.
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
      const icon = a.querySelector('svg')!;
      expect(icon).toHaveAttribute('aria-hidden', 'true');
      expect(icon.querySelector('path')).not.toBeNull();
    }
    expect(links.map((a) => a.querySelector('svg')!.getAttribute('class'))).toEqual(
      shown.map((link) => `tabler-icon tabler-icon-${link.icon}`),
    );
    expect(
      container.querySelector('nav.social')!.compareDocumentPosition(list) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  test('each is counted under its kind', () => {
    renderBody(withLinks);
    const list = screen.getByRole('list', { name: 'Σύνδεσμοι' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.dataset.event),
    ).toEqual(shown.map((link) => link.event));
  });

  test('no links: no list', () => {
    renderBody();
    expect(screen.queryByRole('list', { name: 'Σύνδεσμοι' })).toBeNull();
  });

  test("the JSON-LD's sameAs: Facebook and Instagram, then the brands' links, each once", async () => {
    const doc = await parsedDocument({
      ...withLinks,
      facebookLink: 'https://www.facebook.com/example',
      instagramLink: 'https://www.instagram.com/example',
      links: [...withLinks.links!, { kind: 'youtube', url: 'https://www.youtube.com/@maria' }],
    });
    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    // Not the plain links: the shop, nor the address stored as LinkedIn that was not LinkedIn's.
    expect(ld.sameAs).toEqual([
      'https://www.facebook.com/example',
      'https://www.instagram.com/example',
      'https://www.youtube.com/@maria',
      'https://www.linkedin.com/in/maria',
      'https://maps.app.goo.gl/abc',
    ]);
  });
});

describe('a document that holds what the rules now refuse', () => {
  // Written by hand or before the rules: the card still renders, and tells the truth.
  const stored = toPublicProfile(
    normaliseProfile('maria', {
      firstName: 'Μαρία\u202E',
      lastName: 'Παπα\u2066δοπούλου',
      jobTitle: 'Αρχιτέκτονας\n<meta name="robots" content="noindex">',
      companyName: 'Studio\u2028Φως',
      city: 'Αθήνα\r\n',
      address: 'Ερμού 45\tΑθήνα',
      facebookLink: 'http://evil.example/login',
      instagramLink: 'https://airbnb.zz/instagram',
      links: [
        { kind: 'airbnb', url: 'https://airbnb.zz/x' },
        { kind: 'link', url: 'https://shop.example.gr/', label: 'Shop\u202Efdp.exe' },
      ],
    }),
  );
  const REFUSED = /[\u0000-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/;

  test('its texts reach the title, meta tags, JSON-LD and page as one line each', async () => {
    const html = await renderCard(stored, ASSETS);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.title).toBe(
      'Μαρία Παπαδοπούλου · Αρχιτέκτονας <meta name="robots" content="noindex">, @Studio Φως',
    );
    expect(doc.querySelector('meta[name=robots]')).toBeNull();
    const texts = [
      doc.title,
      ...[...doc.querySelectorAll('meta[content]')].map((meta) => meta.getAttribute('content')!),
      doc.querySelector('script[type="application/ld+json"]')!.textContent!,
      doc.querySelector('main')!.textContent!,
      ...[...doc.querySelectorAll('main [aria-label]')].map((el) => el.getAttribute('aria-label')!),
    ];
    for (const text of texts) expect([text, REFUSED.test(text)]).toEqual([text, false]);
    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld).toMatchObject({
      name: 'Μαρία Παπαδοπούλου',
      jobTitle: 'Αρχιτέκτονας <meta name="robots" content="noindex">',
      worksFor: { name: 'Studio Φως' },
      address: { streetAddress: 'Ερμού 45 Αθήνα', addressLocality: 'Αθήνα' },
    });
  });

  test("Facebook and Instagram elsewhere: no brand's icon, a plain link named by its host", async () => {
    const { container } = renderBody(stored);
    expect(container.querySelector('[data-social=facebook], [data-social=instagram]')).toBeNull();
    const list = screen.getByRole('list', { name: 'Σύνδεσμοι' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('href'), a.textContent, a.dataset.event])).toEqual([
      ['http://evil.example/login', 'evil.example', 'link'],
      ['https://airbnb.zz/instagram', 'airbnb.zz', 'link'],
      ['https://airbnb.zz/x', 'airbnb.zz', 'link'],
      ['https://shop.example.gr/', 'Shopfdp.exe', 'link'],
    ]);
    for (const a of links) {
      expect(a.querySelector('svg')!.getAttribute('class')).toBe('tabler-icon tabler-icon-link');
    }
    const doc = await parsedDocument(stored);
    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld.sameAs).toBeUndefined();
  });

  test('a profile that was never normalised shows no address elsewhere under a brand either', () => {
    const { container } = renderBody({ ...complete, facebookLink: 'https://evil.example/login' });
    expect(container.querySelector('[data-social=facebook]')).toBeNull();
    expect(container.querySelector('[data-social=instagram]')).not.toBeNull();
  });
});

describe('the mobile number', () => {
  test('a row of its own, «Κινητό», before the phone, called and counted as a phone tap', () => {
    const { container } = renderBody({ ...complete, mobileNumber: '+30 697 111 2233' });
    const rows = [...container.querySelectorAll<HTMLElement>('[data-row]')];
    expect(rows.map((row) => row.dataset.row)).toEqual([
      'email',
      'mobile',
      'phone',
      'address',
      'website',
    ]);
    const mobile = rows[1].querySelector('a')!;
    expect(mobile).toHaveAttribute('href', 'tel:+306971112233');
    expect(mobile.textContent).toBe('+30 697 111 2233Κινητό');
    expect(mobile.dataset.event).toBe('phone');
    expect(mobile.querySelector('svg.rowIcon rect')).toHaveAttribute('height', '19');
  });

  test('none: no mobile row', () => {
    const { container } = renderBody();
    expect(container.querySelector('[data-row=mobile]')).toBeNull();
  });
});

describe('the accent colour', () => {
  const style = async (profile: PublicProfile) =>
    (await parsedDocument(profile)).body.getAttribute('style');

  test('its colours for each scheme, as custom properties on <body>', async () => {
    // Light: the colour itself under black text (white would read worse on yellow). Dark: the
    // scheme's buttons carry black text, which the yellow already reads under.
    expect(await style({ ...complete, accentColor: '#ffeb3b' })).toBe(
      '--accent-light:#ffeb3b;--on-accent-light:#000000;--accent-dark:#ffeb3b;--on-accent-dark:#000000',
    );
  });

  test.each(['#ffeb3b', '#1a237e', '#808080', '#e91e63', '#ffffff', '#000000', '#777777'])(
    '%s: the text on it reaches 4.5:1 in both schemes (colord)',
    (accent) => {
      const colours = accentColors(accent);
      for (const { background, text } of [colours.light, colours.dark]) {
        expect(colord(background).contrast(text)).toBeGreaterThanOrEqual(ACCENT_MIN_CONTRAST);
      }
      // Light: the owner's colour as chosen; white or black, whichever reads better, on it.
      expect(colours.light.background).toBe(accent);
      const better = colord(accent).contrast('#ffffff') >= colord(accent).contrast('#000000');
      expect(colours.light.text).toBe(better ? '#ffffff' : '#000000');
      // Dark: black text, as the scheme's own buttons; the colour only as much lighter as needed.
      expect(colours.dark.text).toBe('#000000');
      if (colord(accent).contrast('#000000') >= ACCENT_MIN_CONTRAST) {
        expect(colours.dark.background).toBe(accent);
      } else {
        expect(colord(colours.dark.background).brightness()).toBeGreaterThan(
          colord(accent).brightness(),
        );
      }
    },
  );

  test('none: no style, the theme’s colours', async () => {
    expect(await style(complete)).toBeNull();
  });
});
