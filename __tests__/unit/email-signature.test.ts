/**
 * @jest-environment jsdom
 */
// The e-mail signature (lib/email-signature.ts), parsed as a mail client would parse it: every
// field of the card as it shows, and nothing live from a hostile card.
import { applyCompany } from '@/lib/company';
import { signatureHtml, signatureText } from '@/lib/email-signature';
import { normaliseProfile, type Profile } from '@/lib/profile';
import { cardUrl, photoPath } from '@/lib/routes';
import { HOSTILE_PROFILES } from '../fixtures/profiles';
import { MARIA_DOCUMENT, PHOTO_VERSION } from '../helpers/complete-card';

const complete = normaliseProfile('maria', MARIA_DOCUMENT);

function parse(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
}

/** Anything in the markup that could run or load something other than the card's own. */
function liveMarkup(doc: Document): string[] {
  const found: string[] = [];
  for (const element of Array.from(doc.body.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    if (!['table', 'tr', 'td', 'a', 'img', 'tbody'].includes(tag)) found.push(`<${tag}>`);
    for (const name of element.getAttributeNames()) {
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
    }
  }
  for (const link of Array.from(doc.querySelectorAll('a'))) {
    if (!/^(https?:|mailto:|tel:)/.test(link.getAttribute('href') ?? '')) {
      found.push(`a[href=${link.getAttribute('href')}]`);
    }
  }
  for (const image of Array.from(doc.querySelectorAll('img'))) {
    if (!(image.getAttribute('src') ?? '').startsWith(new URL(cardUrl('x')).origin + '/')) {
      found.push(`img[src=${image.getAttribute('src')}]`);
    }
  }
  return found;
}

describe('the e-mail signature', () => {
  it('holds the photo, name, title, company, phone, e-mail, website and the card, in tables with inline styles', () => {
    const html = signatureHtml(complete);
    const doc = parse(html);
    const text = doc.body.textContent ?? '';
    for (const part of [
      'Μαρία Παπαδοπούλου',
      'Αρχιτέκτονας',
      'Studio Φως',
      '210 123 4567',
      'maria@example.gr',
      'studio-fos.gr',
    ]) {
      expect(text).toContain(part);
    }
    const hrefs = Array.from(doc.querySelectorAll('a'), (a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'tel:+302101234567',
      'mailto:maria@example.gr',
      'https://studio-fos.gr/',
      cardUrl('maria'),
    ]);
    const image = doc.querySelector('img');
    expect(image?.getAttribute('src')).toBe(
      new URL(photoPath('maria', PHOTO_VERSION), cardUrl('maria')).href,
    );
    expect(image?.getAttribute('src')).toMatch(/^https?:\/\//);
    expect(html).toContain('#0a7c55');
    expect(html).not.toMatch(/<(style|link|script)\b|class=|@font-face|@import/i);
    expect(liveMarkup(doc)).toEqual([]);
  });

  it('has no image when the card has no photo', () => {
    const { displayImage: _photo, ...withoutPhoto } = complete;
    void _photo;
    expect(parse(signatureHtml(withoutPhoto)).querySelector('img')).toBeNull();
  });

  it('shows no photo from another card or another site', () => {
    const other: Profile = { ...complete, displayImage: photoPath('nikos', PHOTO_VERSION) };
    const remote: Profile = { ...complete, displayImage: 'https://evil.example/x.jpg' };
    expect(parse(signatureHtml(other)).querySelector('img')).toBeNull();
    expect(parse(signatureHtml(remote)).querySelector('img')).toBeNull();
  });

  it('keeps a 60-letter name whole, and a company with & < " escaped', () => {
    const name = 'Α'.repeat(30);
    const last = 'Ω'.repeat(30);
    const company = 'Smith & <Sons> "Ο\'Brien"';
    const profile = { ...complete, firstName: name, lastName: last, companyName: company };
    const html = signatureHtml(profile);
    const doc = parse(html);
    expect(doc.body.textContent).toContain(`${name} ${last}`);
    expect(doc.body.textContent).toContain(company);
    expect(html).toContain('Smith &amp; &lt;Sons&gt; &quot;Ο&#39;Brien&quot;');
    expect(doc.querySelector('img')?.getAttribute('alt')).toBe(`${name} ${last}`);
    expect(signatureText(profile)).toContain(company);
  });

  it('takes a member card’s locked values from its company', () => {
    const shown = applyCompany(
      { ...complete, companyName: undefined, phoneNumber: '2100000000' },
      {
        id: 'acme',
        name: 'Acme & Co',
        template: { phoneNumber: { value: '2109999999', locked: true } },
      },
    );
    const text = parse(signatureHtml(shown)).body.textContent ?? '';
    expect(text).toContain('Acme & Co');
    expect(text).toContain('2109999999');
    expect(text).not.toContain('2100000000');
  });

  it('ends with the company’s legal details, small, escaped, in the plain text too', () => {
    const shown = applyCompany(complete, {
      id: 'studio-fos',
      name: 'Studio Φως',
      template: {
        legalName: { value: 'Studio <Φως> & Σία Ο.Ε.', locked: true },
        vatNumber: { value: '094014201', locked: true },
        taxOffice: { value: 'Α’ Αθηνών', locked: true },
        gemiNumber: { value: '180123401000', locked: true },
      },
    });
    const line = 'Studio <Φως> & Σία Ο.Ε. · ΑΦΜ 094014201 · ΔΟΥ Α’ Αθηνών · ΓΕΜΗ 180123401000';
    const cells = [...parse(signatureHtml(shown)).querySelectorAll('td td, td')];
    expect(cells.at(-1)?.textContent).toBe(line);
    expect(cells.at(-1)?.getAttribute('style')).toContain('font-size:11px');
    expect(signatureText(shown).split('\n').at(-1)).toBe(line);
    expect(signatureText(complete)).not.toContain('ΑΦΜ');
  });

  it.each(HOSTILE_PROFILES.map((raw) => [raw.username, raw] as const))(
    '%s produces no live markup and its text round-trips',
    (username, raw) => {
      const profile = normaliseProfile(username, raw);
      const html = signatureHtml(profile);
      const doc = parse(html);
      expect(liveMarkup(doc)).toEqual([]);
      const attributes = Array.from(doc.body.querySelectorAll('*')).flatMap((element) =>
        element.getAttributeNames().map((name) => element.getAttribute(name) ?? ''),
      );
      expect(attributes.filter((value) => /javascript:|evil\.example/i.test(value))).toEqual([]);
      const text = doc.body.textContent ?? '';
      for (const field of ['firstName', 'lastName', 'jobTitle', 'companyName'] as const) {
        const value = profile[field];
        if (value) expect(text).toContain(value.trim());
      }
    },
  );
});
