// The QR code's and the wallet pass's addresses: the card's canonical URL with ?src=qr or
// ?src=wallet, and only theirs.
import { profileHead, personJsonLd } from '@/components/card/metadata';
import { normaliseProfile, toPublicProfile } from '@/lib/profile';
import { cardUrl, qrCodeUrl, walletUrl } from '@/lib/routes';
import { QR_SOURCE_PARAM, QR_SOURCE_VALUE, WALLET_SOURCE_VALUE } from '@/lib/stats/events';

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

test('walletUrl is cardUrl with ?src=wallet, the username encoded once', () => {
  expect(walletUrl('maria')).toBe('https://karta.example/maria?src=wallet');
  expect(walletUrl('μαρία')).toBe(`${cardUrl('μαρία')}?src=wallet`);
  expect(walletUrl('%2F')).toBe('https://karta.example/%252F?src=wallet');
  const url = new URL(walletUrl('maria'));
  expect([...url.searchParams]).toEqual([[QR_SOURCE_PARAM, WALLET_SOURCE_VALUE]]);
});

test('the canonical URL, Open Graph and JSON-LD never carry it', () => {
  const profile = toPublicProfile(normaliseProfile('maria', { firstName: 'Μαρία' }));
  const head = profileHead(profile, 'el');
  expect(head.canonical).toBe(cardUrl('maria'));
  expect(JSON.stringify([head, personJsonLd(profile, 'el')])).not.toContain(QR_SOURCE_PARAM + '=');
});
