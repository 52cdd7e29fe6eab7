// The card's own words (components/card/texts.ts, browser/card/script-texts.ts): every one in every language, the English ones
// in English, and the Greek one shared with the editor held to it.
import { COUNTRY_NAME } from '@/lib/country-name';
import { SCRIPT_TEXTS } from '@/browser/card/script-texts';
import { CARD_TEXTS } from '@/components/card/texts';
import { LINK_KIND_INFO } from '@/lib/card-links';
import { CARD_LANGUAGES } from '@/lib/routes';

const GREEK_LETTER = /[\u0370-\u03ff\u1f00-\u1fff]/;

/** Every text of a table, keyed by its path; a function is called with a Latin stand-in. */
function texts(table: unknown, path = ''): Array<[string, string]> {
  if (typeof table === 'string') return [[path, table]];
  if (typeof table === 'function') return [[path, String(table('Instagram', 'Maria'))]];
  return Object.entries(table as Record<string, unknown>).flatMap(([key, value]) =>
    texts(value, path ? `${path}.${key}` : key),
  );
}

/** Every key of a table, and the kind of each value. */
function shape(table: unknown): Array<[string, string]> {
  return texts(table).map(([path, text]) => [path, typeof text]);
}

test.each([
  ['CARD_TEXTS', CARD_TEXTS],
  ['SCRIPT_TEXTS', SCRIPT_TEXTS],
] as const)('%s: every key in every language, none empty', (_, table) => {
  expect(Object.keys(table).sort()).toEqual([...CARD_LANGUAGES].sort());
  for (const lang of CARD_LANGUAGES) {
    expect(shape(table[lang])).toEqual(shape(table.el));
    for (const [path, text] of texts(table[lang]))
      expect([lang, path, text.trim()]).not.toContainEqual('');
  }
});

test.each([
  ['CARD_TEXTS', CARD_TEXTS.en],
  ['SCRIPT_TEXTS', SCRIPT_TEXTS.en],
] as const)('%s: no Greek letter in any English text', (_, table) => {
  const greek = texts(table).filter(([, text]) => GREEK_LETTER.test(text));
  expect(greek).toEqual([]);
});

test('the Greek texts are Greek where they are words, and say Ελλάδα', () => {
  expect(COUNTRY_NAME.el).toBe('Ελλάδα');
  expect(COUNTRY_NAME.en).toBe('Greece');
  expect(CARD_TEXTS.el.saveContact).toBe('Αποθήκευση Επαφής');
  expect(CARD_TEXTS.en.saveContact).toBe('Save contact');
  expect(CARD_TEXTS.en.exchange).toBe('Exchange contact');
  expect(CARD_TEXTS.en.self.offer).toBe('Read this card in English');
  expect(CARD_TEXTS.el.self).toEqual({
    short: 'ΕΛ',
    readIn: 'Ανάγνωση στα ελληνικά',
    offer: 'Διαβάστε αυτή την κάρτα στα ελληνικά',
  });
});

test('a plain link is named on the Greek card as the editor names its kind', () => {
  expect(CARD_TEXTS.el.plainLink).toBe(LINK_KIND_INFO.link.name);
});

test('the in-app hint names the app, or says "this app"', () => {
  expect(SCRIPT_TEXTS.en.inApp.why('Instagram')).toBe(
    "Saving the contact works in your phone's browser, not inside Instagram.",
  );
  expect(SCRIPT_TEXTS.en.inApp.why(null)).toContain('not inside this app');
});
