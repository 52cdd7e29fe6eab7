/**
 * @jest-environment jsdom
 */
// The card in English (components/card, lib/card-language.ts), as the route at /{username}/en
// writes it: lang="en", every word of karta's own in English, the owner's words in English or
// transliterated, the links between the languages, and the Greek card's offer.
import { renderCard, renderCardOff, renderNotFound, shownCard } from '@/server/card/render';
import type { CardAssets } from '@/lib/card-assets';
import { offerLanguage } from '@/browser/card/card-script';
import { normaliseProfile, type Profile } from '@/lib/profile';
import { MARIA_SOME_ENGLISH } from '../helpers/english-card';

const ASSETS: CardAssets = { css: '.card{}', enhance: '', sheet: '/s.js', sheetCss: '/s.css' };
const GREEK_LETTER = /[\u0370-\u03ff\u1f00-\u1fff]/;

const stored = normaliseProfile('maria', MARIA_SOME_ENGLISH);

async function page(profile: Profile, lang: 'el' | 'en'): Promise<Document> {
  const html = await renderCard(shownCard(profile, lang), ASSETS, lang);
  return new DOMParser().parseFromString(html, 'text/html');
}

/** Everything the document says in words: its text, and every attribute a person may hear. */
function words(doc: Document): string[] {
  const attributes = ['aria-label', 'alt', 'content', 'title'];
  return [
    doc.title,
    doc.body.textContent ?? '',
    ...[...doc.querySelectorAll('*')].flatMap((el) =>
      attributes.map((name) => el.getAttribute(name)).filter((v): v is string => !!v),
    ),
  ];
}

/** The words of an element and its subtree, the switch to the Greek card left out. */
function englishWords(doc: Document): string[] {
  doc.querySelectorAll('[lang="el"]').forEach((el) => el.remove());
  return words(doc);
}

test('the English card: lang="en", its words in English, the owner’s in English or Latin letters', async () => {
  const doc = await page(stored, 'en');
  expect(doc.documentElement.lang).toBe('en');
  expect(doc.querySelector('h1')!.textContent).toBe('Maria Papadopoulou');
  expect(doc.querySelector('.headline')!.textContent).toBe('Architect, @Studio Fos');
  expect(doc.querySelector('.location')!.textContent).toBe('Thessaloniki, Greece');
  expect(doc.querySelector('[data-exchange]')!.textContent).toBe('Exchange contact');
  const save = doc.querySelector<HTMLAnchorElement>('a[data-save]')!;
  expect([save.textContent, save.getAttribute('href')]).toEqual([
    'Save contact',
    '/maria/en/vcard',
  ]);
  expect([...doc.querySelectorAll('.rowCaption')].map((c) => c.textContent)).toEqual([
    'Email',
    'Mobile',
    'Phone',
    'Address',
    'Website',
  ]);
  expect([...doc.querySelectorAll('.linkItem')].map((a) => a.getAttribute('aria-label'))).toEqual([
    'Shop (Link): Maria Papadopoulou',
    'Istologio (Link): Maria Papadopoulou',
    'GitHub: Maria Papadopoulou',
  ]);
  expect(doc.querySelector('main img')!.getAttribute('alt')).toBe('Photo: Maria Papadopoulou');
  expect(doc.querySelector('main')!.dataset.url).toMatch(/\/maria\/en$/);
  expect(englishWords(doc).filter((text) => GREEK_LETTER.test(text))).toEqual([]);
});

test('a card with no English words reads in English, transliterated by ELOT 743', async () => {
  const greekOnly = normaliseProfile('nikos', {
    firstName: 'Νίκος',
    lastName: 'Γεωργίου',
    jobTitle: 'Λογιστής',
    city: 'Ηράκλειο',
    address: 'Λεωφόρος Κνωσού 12',
    addressDetails: 'Ισόγειο',
  });
  const doc = await page(greekOnly, 'en');
  expect(doc.querySelector('h1')!.textContent).toBe('Nikos Georgiou');
  expect(doc.querySelector('.headline')!.textContent).toBe('Logistis');
  expect(doc.querySelector('.location')!.textContent).toBe('Irakleio, Greece');
  expect(doc.querySelector('[data-row=address] .rowValue')!.textContent).toBe('Leoforos Knosou 12');
  expect(doc.querySelector('[data-row=address] .rowCaption')!.textContent).toBe('Isogeio');
  expect(englishWords(doc).filter((text) => GREEK_LETTER.test(text))).toEqual([]);
});

test('each card names its own address canonical and both in hreflang alternates', async () => {
  for (const lang of ['el', 'en'] as const) {
    const doc = await page(stored, lang);
    const canonical = doc.querySelector('link[rel=canonical]')!.getAttribute('href');
    expect(canonical).toMatch(lang === 'en' ? /\/maria\/en$/ : /\/maria$/);
    const alternates = [...doc.querySelectorAll('link[rel=alternate]')].map((link) => [
      link.getAttribute('hreflang'),
      new URL(link.getAttribute('href')!).pathname,
    ]);
    expect(alternates).toEqual([
      ['el', '/maria'],
      ['en', '/maria/en'],
      ['x-default', '/maria'],
    ]);
    expect(doc.querySelector('meta[property="og:url"]')!.getAttribute('content')).toBe(canonical);
    expect(doc.querySelector('meta[property="og:locale"]')!.getAttribute('content')).toBe(
      lang === 'en' ? 'en_GB' : 'el_GR',
    );
  }
});

test('the switch: a plain link to the other language, named in it', async () => {
  const switchOf = (doc: Document) => {
    const link = doc.querySelector<HTMLAnchorElement>('a[data-language]')!;
    return {
      href: link.getAttribute('href'),
      hreflang: link.getAttribute('hreflang'),
      lang: link.lang,
      name: link.getAttribute('aria-label'),
      text: link.textContent,
    };
  };
  expect(switchOf(await page(stored, 'el'))).toEqual({
    href: '/maria/en',
    hreflang: 'en',
    lang: 'en',
    name: 'EN: Read in English',
    text: 'EN',
  });
  const english = await page(stored, 'en');
  expect(switchOf(english)).toEqual({
    href: '/maria',
    hreflang: 'el',
    lang: 'el',
    name: 'ΕΛ: Ανάγνωση στα ελληνικά',
    text: 'ΕΛ',
  });
  expect(english.querySelectorAll('a[data-language]')).toHaveLength(1);
});

test('the offer: on the Greek card only, hidden until its script finds no Greek in the browser', async () => {
  const greek = await page(stored, 'el');
  const offer = greek.querySelector<HTMLAnchorElement>('a[data-offer]')!;
  expect([offer.hidden, offer.getAttribute('href'), offer.lang, offer.textContent]).toEqual([
    true,
    '/maria/en',
    'en',
    'Read this card in English',
  ]);
  expect((await page(stored, 'en')).querySelector('[data-offer]')).toBeNull();

  const languages = jest.spyOn(navigator, 'languages', 'get');
  const shownTo = (asked: string[]) => {
    languages.mockReturnValue(asked);
    const card = greek.querySelector<HTMLElement>('main')!.cloneNode(true) as HTMLElement;
    offerLanguage(card, 'el');
    return !card.querySelector<HTMLElement>('[data-offer]')!.hidden;
  };
  expect(shownTo(['de-DE', 'de', 'en'])).toBe(true);
  expect(shownTo(['en-US'])).toBe(true);
  expect(shownTo(['el-GR', 'el'])).toBe(false);
  expect(shownTo(['en-GB', 'EL'])).toBe(false);
  languages.mockRestore();
});

test('JSON-LD in English on the English card', async () => {
  const doc = await page(stored, 'en');
  const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
  expect(ld).toMatchObject({
    '@type': 'Person',
    name: 'Maria Papadopoulou',
    jobTitle: 'Architect',
    address: { streetAddress: 'Ermou 45', addressLocality: 'Thessaloniki', addressCountry: 'GR' },
  });
  expect(JSON.stringify(ld)).not.toMatch(GREEK_LETTER);
  expect(doc.querySelector('meta[name=description]')!.getAttribute('content')).toBe(
    'Architect, @Studio Fos · Thessaloniki, Greece. The digital business card of Maria ' +
      'Papadopoulou: save the contact with one tap.',
  );
});

test('the 404 and 410 pages of the English path are in English', async () => {
  const missing = new DOMParser().parseFromString(await renderNotFound('en'), 'text/html');
  expect(missing.documentElement.lang).toBe('en');
  expect(missing.title).toBe('Card not found · karta');
  expect(missing.querySelector('h1')!.textContent).toBe('Card not found');
  expect(words(missing).filter((text) => GREEK_LETTER.test(text))).toEqual([]);
  // The Greek 404 is the site's own, as before.
  const greek = new DOMParser().parseFromString(await renderNotFound('el'), 'text/html');
  expect([greek.documentElement.lang, greek.querySelector('h1')!.textContent]).toEqual([
    'el',
    'Oops!',
  ]);

  const off = new DOMParser().parseFromString(
    await renderCardOff({ id: 'c1', name: 'Φως Α.Ε.', websiteLink: 'https://fos.example' }, 'en'),
    'text/html',
  );
  expect(off.documentElement.lang).toBe('en');
  expect(off.querySelector('h1')!.textContent).toBe('This card is no longer active');
  expect(off.title).toBe('This card is no longer active · Fos A.E.');
});
