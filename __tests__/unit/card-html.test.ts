/**
 * @jest-environment jsdom
 */
// The card's HTML (components/card), parsed by jsdom as a browser would parse it.
import { screen, within } from '@testing-library/react';
import { cardBody } from '@/components/card/body';
import { cardDocument } from '@/components/card/document';
import type { CardAssets } from '@/lib/card-assets';
import { normaliseProfile, toPublicProfile, type PublicProfile } from '@/lib/profile';

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

function renderCard(profile: PublicProfile = complete) {
  document.body.innerHTML = cardBody(profile, ASSETS).value;
  return { container: document.body };
}

test('sections stand in the documented order', () => {
  const { container } = renderCard();
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
  renderCard();
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
  renderCard({ ...complete, facebookLink: undefined, instagramLink: undefined });
  const kinds = within(screen.getByRole('navigation'))
    .getAllByRole('link')
    .map((a) => a.getAttribute('data-social'));
  expect(kinds).toEqual(['viber', 'whatsapp']);
});

test('no phone: no Viber or WhatsApp, and no phone row', () => {
  const { container } = renderCard({ ...complete, phoneNumber: undefined });
  const kinds = within(screen.getByRole('navigation'))
    .getAllByRole('link')
    .map((a) => a.getAttribute('data-social'));
  expect(kinds).toEqual(['facebook', 'instagram']);
  expect(container.querySelector('[data-row=phone]')).toBeNull();
});

test('nothing but the name: no rows, no social bar, no "undefined"', () => {
  const { container } = renderCard(
    toPublicProfile(normaliseProfile('kostas', { firstName: 'Κώστας', lastName: 'Αντωνίου' })),
  );
  expect(container.querySelectorAll('[data-row]')).toHaveLength(0);
  expect(screen.queryByRole('navigation')).toBeNull();
  expect(container.textContent).not.toMatch(/undefined|null/);
  expect(screen.getByText('Ελλάδα')).toBeInTheDocument();
});

test('a javascript: website is shown as text, not as a link', () => {
  const { container } = renderCard({ ...complete, websiteLink: 'javascript:alert(1)' });
  const row = container.querySelector('[data-row=website]')!;
  expect(row.textContent).toContain('javascript:alert(1)');
  expect(row.querySelector('a')).toBeNull();
});

test('Share and the QR code: the QR link goes to the card QR route', () => {
  renderCard();
  expect(screen.getByRole('button', { name: 'Κοινοποίηση' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Κωδικός QR' })).toHaveAttribute('href', '/maria/qr.svg');
});

test('markup in the data is text, in elements and in attributes alike', () => {
  const evil = '<img src=x onerror=alert(1)> "quoted" & more';
  const { container } = renderCard({ ...complete, firstName: evil, jobTitle: evil });
  expect(container.querySelector('img[src=x]')).toBeNull();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(evil);
  expect(container.querySelector('main')!.dataset.firstName).toBe(evil);
});

test('the document: stylesheet and script inline, photo preloaded, no other script', () => {
  const doc = new DOMParser().parseFromString(cardDocument(complete, ASSETS), 'text/html');
  expect(doc.querySelector('style')!.textContent).toBe(ASSETS.css);
  expect(doc.querySelector('link[rel=stylesheet]')).toBeNull();
  expect(doc.querySelector('link[rel=preload][as=image]')).not.toBeNull();
  expect(doc.querySelector('script[src]')).toBeNull();
  expect(doc.querySelector('script[type=module]')!.textContent).toBe(
    'document.documentElement.dataset.x = "<\\/script>"',
  );
  expect(doc.title).toBe('Μαρία Παπαδοπούλου · Αρχιτέκτονας, @Studio Φως');
  expect(doc.querySelector('link[rel=canonical]')!.getAttribute('href')).toMatch(/\/maria$/);
  expect(doc.querySelector('meta[property="og:type"]')!.getAttribute('content')).toBe('profile');
  const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
  expect(ld).toMatchObject({ '@type': 'Person', name: 'Μαρία Παπαδοπούλου' });
});
