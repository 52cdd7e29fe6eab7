/**
 * @jest-environment jsdom
 */
// A Greek company's legal details on its member cards: the Greek card's footer (ΑΦΜ, ΔΟΥ, ΓΕΜΗ,
// the legal name first), the English card's (VAT no., Tax office, G.E.MI. no.; the registered name
// and the tax office kept as Greek), the JSON-LD Organization's legalName, taxID, vatID and ΓΕΜΗ
// identifier; a company that sets none shows no footer.
import { renderCard, renderCardOff, shownCard } from '@/server/card/render';
import type { CardAssets } from '@/lib/card-assets';
import { personJsonLd } from '@/components/card/metadata';
import { applyCompany, cardCompany, type CompanyTemplate } from '@/lib/company';
import { normaliseProfile } from '@/lib/profile';

const ASSETS: CardAssets = {
  css: '.card{color:red}',
  enhance: 'void 0',
  sheet: '/_karta/sheet-X.js',
  sheetCss: '/_karta/sheet-X.css',
};

const own = normaliseProfile('kostas', { firstName: 'Κώστας', lastName: 'Νικολάου' });

const template: CompanyTemplate = {
  companyName: { value: 'Studio Φως', locked: true },
  legalName: { value: 'Studio Φως Μονοπρόσωπη Ι.Κ.Ε.', locked: true },
  vatNumber: { value: '094014201', locked: true },
  taxOffice: { value: 'Α’ Αθηνών', locked: true },
  gemiNumber: { value: '180123401000', locked: true },
};
const source = { id: 'studio-fos', name: 'Studio Φως', template };

async function page(lang: 'el' | 'en', company = source): Promise<Document> {
  const html = await renderCard(shownCard(applyCompany(own, company), lang), ASSETS, lang);
  return new DOMParser().parseFromString(html, 'text/html');
}

test('the Greek card’s footer: the legal name first, then ΑΦΜ, ΔΟΥ and ΓΕΜΗ', async () => {
  const footer = (await page('el')).querySelector('main footer.legal')!;
  expect(footer.textContent).toBe(
    'Studio Φως Μονοπρόσωπη Ι.Κ.Ε. · ΑΦΜ 094014201 · ΔΟΥ Α’ Αθηνών · ΓΕΜΗ 180123401000',
  );
  expect(footer.querySelector('[lang]')).toBeNull();
});

test('the English card’s footer: English labels, the registered name and tax office as Greek', async () => {
  const footer = (await page('en')).querySelector('main footer.legal')!;
  expect(footer.textContent).toBe(
    'Studio Φως Μονοπρόσωπη Ι.Κ.Ε. · VAT no. 094014201 · Tax office Α’ Αθηνών · G.E.MI. no. 180123401000',
  );
  expect([...footer.querySelectorAll('[lang=el]')].map((span) => span.textContent)).toEqual([
    'Studio Φως Μονοπρόσωπη Ι.Κ.Ε.',
    'Α’ Αθηνών',
  ]);
});

test('the JSON-LD Organization: legalName, taxID the ΑΦΜ, vatID EL and the ΑΦΜ, the ΓΕΜΗ number', async () => {
  const expected = {
    '@type': 'Organization',
    name: 'Studio Φως',
    legalName: 'Studio Φως Μονοπρόσωπη Ι.Κ.Ε.',
    taxID: '094014201',
    vatID: 'EL094014201',
    identifier: { '@type': 'PropertyValue', propertyID: 'GEMI', value: '180123401000' },
  };
  expect(personJsonLd(shownCard(applyCompany(own, source), 'el'), 'el').worksFor).toEqual(expected);
  const script = (await page('en')).querySelector('script[type="application/ld+json"]')!;
  expect(JSON.parse(script.textContent!).worksFor).toEqual({ ...expected, name: 'Studio Fos' });
});

test('a company that sets no legal details: no footer, no legal properties', async () => {
  const bare = { ...source, template: { companyName: template.companyName! } };
  expect((await page('el', bare)).querySelector('footer.legal')).toBeNull();
  expect(personJsonLd(shownCard(applyCompany(own, bare), 'el'), 'el').worksFor).toEqual({
    '@type': 'Organization',
    name: 'Studio Φως',
  });
});

test('a switched-off card’s page still names the company’s legal details', async () => {
  const html = await renderCardOff(cardCompany(source), 'el');
  const footer = new DOMParser().parseFromString(html, 'text/html').querySelector('footer.legal');
  expect(footer?.textContent).toContain('ΑΦΜ 094014201');
});
