/** @jest-environment jsdom */
// The console's preview document (components/account/card-preview-html.tsx): the card's own
// CardDocument from the form's values, with the card's stylesheet, no script, and a picked photo
// shown from its file until it is saved.
import { cardPreviewHtml } from '@/components/account/card-preview-html';
import { cardInLanguage } from '@/lib/card-language';
import type { PublicProfile } from '@/lib/profile';
import { photoPath } from '@/lib/routes';

const PROFILE: PublicProfile = {
  username: 'lina',
  firstName: 'Λίνα',
  lastName: 'Δήμου',
  phoneNumber: '210 123 4567',
  mobileNumber: '+30 697 123 4567',
};

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

test('is the card document, with the card stylesheet and no script at all', async () => {
  const html = await cardPreviewHtml(PROFILE, '.card{color:red}', null);
  expect(html.startsWith('<!DOCTYPE html><html lang="el">')).toBe(true);
  const page = parse(html);
  expect(page.querySelector('main.card h1')?.textContent).toBe('Λίνα Δήμου');
  expect(page.querySelector('style')?.textContent).toBe('.card{color:red}');
  // The card's JSON-LD and its script are both <script> elements: none is left.
  expect(page.querySelectorAll('script')).toHaveLength(0);
  expect(page.querySelector('a[data-social="viber"]')?.getAttribute('href')).toBe(
    'viber://chat?number=%2B306971234567',
  );
});

test('shows a picked photo from its file, at the path the card will name', async () => {
  const path = photoPath('lina', 'AbCdEfGhIjKlMnOp');
  const html = await cardPreviewHtml({ ...PROFILE, displayImage: path }, '', {
    path,
    url: 'blob:http://localhost/1234',
  });
  const picked = parse(html);
  const image = picked.querySelector('main .image img');
  // Nothing asks for the path before the save has put the photo there.
  expect(picked.documentElement.outerHTML).not.toContain(encodeURIComponent(path));
  expect(image?.getAttribute('src')).toBe('blob:http://localhost/1234');
  expect(image?.hasAttribute('srcset')).toBe(false);
  const saved = parse(await cardPreviewHtml({ ...PROFILE, displayImage: path }, '', null));
  expect(saved.querySelector('link[rel="preload"]')?.outerHTML).toContain(encodeURIComponent(path));
  expect(saved.querySelector('main .image img')?.getAttribute('src')).toContain(
    encodeURIComponent(path),
  );
});

test('the English card says it is English, in the words cardInLanguage gives it', async () => {
  const html = await cardPreviewHtml(
    cardInLanguage({ ...PROFILE, lastNameEn: 'Dimos' }, 'en'),
    '',
    null,
    'en',
  );
  expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
  expect(parse(html).querySelector('main.card h1')?.textContent).toBe('Lina Dimos');
});
