// The QR code's address: the card's canonical URL with ?src=qr, and only the QR code's.
import { profileHead, personJsonLd } from '@/components/card/metadata';
import { normaliseProfile, toPublicProfile } from '@/lib/profile';
import { cardUrl, qrCodeUrl } from '@/lib/routes';
import { QR_SOURCE_PARAM, QR_SOURCE_VALUE } from '@/lib/stats/events';

const saved = process.env.NEXT_PUBLIC_SITE_URL;
beforeEach(() => {
  process.env.NEXT_PUBLIC_SITE_URL = 'https://karta.example';
});
afterEach(() => {
  if (saved === undefined) delete process.env.NEXT_PUBLIC_SITE_URL;
  else process.env.NEXT_PUBLIC_SITE_URL = saved;
});

test('qrCodeUrl is cardUrl with the source parameter, the username encoded once', () => {
  expect(qrCodeUrl('maria')).toBe('https://karta.example/maria?src=qr');
  expect(qrCodeUrl('μαρία')).toBe(`${cardUrl('μαρία')}?src=qr`);
  expect(qrCodeUrl('%2F')).toBe('https://karta.example/%252F?src=qr');
  const url = new URL(qrCodeUrl('maria'));
  expect([...url.searchParams]).toEqual([[QR_SOURCE_PARAM, QR_SOURCE_VALUE]]);
});

test('the canonical URL, Open Graph and JSON-LD never carry it', () => {
  const profile = toPublicProfile(normaliseProfile('maria', { firstName: 'Μαρία' }));
  const head = profileHead(profile);
  expect(head.canonical).toBe(cardUrl('maria'));
  expect(JSON.stringify([head, personJsonLd(profile)])).not.toContain(QR_SOURCE_PARAM + '=');
});
