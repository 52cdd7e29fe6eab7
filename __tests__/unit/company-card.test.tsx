/**
 * @jest-environment jsdom
 */
// A member card as the card's routes render it (lib/company.ts applyCompany on the profile): the
// company's locked values in place of the member's own, its logo beside its name, its links
// first; its vCard's LOGO and its JSON-LD's worksFor; the English card in the company's English
// words, never the member's own for a locked field; and the page of a switched-off card.
import { screen } from '@testing-library/react';
import { renderCard, renderCardOff, shownCard } from '@/server/card/render';
import { cardSummary } from '@/lib/card-summary';
import type { CardAssets } from '@/lib/card-assets';
import type { CardProfile } from '@/components/card/Card';
import { personJsonLd } from '@/components/card/metadata';
import { applyCompany, cardCompany, type CompanyTemplate } from '@/lib/company';
import { CARD_TEXTS } from '@/components/card/texts';
import { normaliseProfile, toPublicProfile } from '@/lib/profile';
import { buildVCard, profileVCard } from '@/lib/vcard';
import { renderCardBody } from '../helpers/card';

const ASSETS: CardAssets = {
  css: '.card{color:red}',
  enhance: 'void 0',
  sheet: '/_karta/sheet-X.js',
  sheetCss: '/_karta/sheet-X.css',
};

const own = normaliseProfile('kostas', {
  firstName: 'Κώστας',
  lastName: 'Νικολάου',
  jobTitle: 'Φωτογράφος',
  companyName: 'Δικό μου',
  address: 'Πατησίων 1, Αθήνα',
  links: [{ kind: 'link', url: 'https://kostas.example.gr/', label: 'Τα έργα μου' }],
});

const template: CompanyTemplate = {
  companyName: { value: 'Studio Φως', locked: true },
  address: { value: 'Ερμού 45, Αθήνα', locked: true },
  links: {
    value: [{ kind: 'link', url: 'https://studio.example.gr/', label: 'Studio' }],
    locked: true,
  },
  websiteLink: { value: 'https://studio.example.gr', locked: false },
};

const source = { id: 'studio-fos', name: 'Studio Φως', logoVersion: 'v1', template };
const company = cardCompany(source);

const member = (): CardProfile => ({
  ...toPublicProfile(applyCompany(own, source)),
  company,
});

test("what the card shows of its company: its name, its logo, and its template's website", () => {
  expect(company).toEqual({
    id: 'studio-fos',
    name: 'Studio Φως',
    logoVersion: 'v1',
    websiteLink: 'https://studio.example.gr',
  });
  expect(applyCompany(own, source).company).toEqual(company);
});

test("the locked address is shown instead of the member's own, the logo beside the company name, the company's links first", async () => {
  const { container } = renderCardBody(member(), ASSETS);
  const address = container.querySelector('[data-row=address]')!;
  expect(address.textContent).toContain('Ερμού 45, Αθήνα');
  expect(container.textContent).not.toContain('Πατησίων');
  const headline = container.querySelector('.headline')!;
  expect(headline.textContent).toBe('Φωτογράφος, @Studio Φως');
  const logo = headline.querySelector('img.logo')!;
  expect(logo.getAttribute('src')).toBe('/kostas/logo/v1');
  expect(logo.getAttribute('alt')).toBe('Λογότυπο: Studio Φως');
  const links = [...container.querySelectorAll('[data-links] a, .links a')].map((a) =>
    a.getAttribute('href'),
  );
  expect(links.indexOf('https://studio.example.gr/')).toBeLessThan(
    links.indexOf('https://kostas.example.gr/'),
  );
  expect(links).toContain('https://kostas.example.gr/');
  expect(screen.queryByText('Δικό μου', { exact: false })).toBeNull();
});

test("a member card of no company name of its own names its company's, with the logo", () => {
  const noName = { ...own, companyName: undefined, jobTitle: undefined };
  const profile: CardProfile = {
    ...toPublicProfile(applyCompany(noName, { ...source, template: {} })),
    company,
  };
  const { container } = renderCardBody(profile, ASSETS);
  const headline = container.querySelector('.headline')!;
  expect(headline.textContent).toBe('@Studio Φως');
  expect(headline.querySelector('img.logo')).not.toBeNull();
});

test('a card of no company: no logo', () => {
  const { container } = renderCardBody(toPublicProfile(own), ASSETS);
  expect(container.querySelector('img.logo')).toBeNull();
});

test("the JSON-LD: worksFor the company, an Organization with its logo's absolute URL", async () => {
  const ld = personJsonLd(member(), 'el');
  expect(ld.worksFor).toEqual({
    '@type': 'Organization',
    name: 'Studio Φως',
    logo: expect.stringMatching(/^https?:\/\/[^/]+\/kostas\/logo\/v1$/),
  });
  const doc = new DOMParser().parseFromString(await renderCard(member(), ASSETS), 'text/html');
  // The logo is no preload of its own beside the photo's.
  expect(doc.querySelector('link[rel=preload][href*="/logo/"]')).toBeNull();
  expect(doc.querySelector('img.logo')).not.toBeNull();
  const script = doc.querySelector('script[type="application/ld+json"]')!;
  expect(JSON.parse(script.textContent!).worksFor.logo).toBe(
    ld.worksFor && (ld.worksFor as { logo: string }).logo,
  );
});

test('the English card, its JSON-LD, vCard and pass: the company’s English words for its locked fields, never the member’s own', async () => {
  const rival = normaliseProfile('kostas', {
    ...own,
    companyNameEn: 'Rival Corp Ltd',
    addressEn: '1 Fake Street, London',
  });
  const english: CompanyTemplate = {
    ...template,
    companyName: { value: 'Studio Φως', locked: true, valueEn: 'Studio Light' },
  };
  const shown = applyCompany(rival, { ...source, template: english });
  const card = shownCard(shown, 'en');
  expect(card).toMatchObject({ companyName: 'Studio Light', address: 'Ermou 45, Athina' });
  expect(personJsonLd(card, 'en').worksFor).toMatchObject({ name: 'Studio Light' });
  const html = await renderCard(card, ASSETS, 'en');
  expect(html).toContain('Studio Light');
  expect(html).not.toMatch(/Rival|Fake Street/);
  const vcard = unfold(profileVCard(shown, undefined, 'en'));
  expect(vcard).toContain('ORG:Studio Light');
  expect(vcard).not.toMatch(/Rival|Fake Street/);
  expect(cardSummary(card, 'en').company).toBe('Studio Light');
  // With no English words of its own, the company's Greek in Latin letters.
  expect(shownCard(applyCompany(rival, source), 'en').companyName).toBe('Studio Fos');
});

/** RFC 2425 §5.8.1 unfolding. */
const unfold = (card: string) => card.replace(/\r\n[ \t]/g, '');

test("the vCard's LOGO: base64 with its type, folded like PHOTO (75 octets a line)", () => {
  const base64 = Buffer.alloc(600, 7).toString('base64');
  const card = profileVCard(applyCompany(own, source), { base64, type: 'PNG' });
  expect(unfold(card).split('\r\n')).toContain(`LOGO;ENCODING=b;TYPE=PNG:${base64}`);
  for (const line of card.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  expect(unfold(card)).toContain('ORG:Studio Φως');
  const jpeg = buildVCard({
    firstName: 'Κ',
    lastName: 'Ν',
    logo: { base64: 'AAAA', type: 'JPEG' },
  });
  expect(unfold(jpeg)).toContain('LOGO;ENCODING=b;TYPE=JPEG:AAAA\r\n');
  expect(buildVCard({ firstName: 'Κ', lastName: 'Ν' })).not.toContain('LOGO');
});

test("a switched-off card's page: the Greek title, the company's name, a link to its website, not indexed, no script", async () => {
  const doc = new DOMParser().parseFromString(await renderCardOff(company), 'text/html');
  expect(doc.title).toBe(`${CARD_TEXTS.el.cardOff} · Studio Φως`);
  expect(doc.querySelector('h1')!.textContent).toBe('Αυτή η κάρτα δεν είναι πλέον ενεργή');
  expect(doc.querySelector('[data-company]')!.textContent).toBe('Studio Φως');
  expect(doc.querySelector('a')!.getAttribute('href')).toBe('https://studio.example.gr/');
  expect(doc.querySelector('meta[name=robots]')!.getAttribute('content')).toBe('noindex, nofollow');
  expect(doc.documentElement.lang).toBe('el');
  expect(doc.scripts).toHaveLength(0);
});

test('a switched-off card of a company with no website: no link', async () => {
  const doc = new DOMParser().parseFromString(
    await renderCardOff({ id: 'x', name: 'Χ' }),
    'text/html',
  );
  expect(doc.querySelector('a')).toBeNull();
});
