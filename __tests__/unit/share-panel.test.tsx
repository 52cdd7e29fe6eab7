/** @jest-environment jsdom */
// «Κοινοποίηση» (components/account/SharePanel.tsx) in either of the card's languages: the choice
// moves the address to copy, the QR code and the wallet links together to that language's card.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import SharePanel from '@/components/account/SharePanel';
import { qrSvg } from '@/lib/qr';
import { cardUrl, qrCodeUrl } from '@/lib/routes';

const walletAsked = jest.fn();
jest.mock('@/browser/owner/wallet', () => ({
  fetchWalletLinks: async (username: string, lang: string) => {
    walletAsked(username, lang);
    return { apple: `https://karta.example/api/wallet/${username}?lang=${lang}` };
  },
}));
// The PNG is drawn on a canvas, which jsdom has not: the address it is drawn from stands in.
jest.mock('@/browser/owner/qr-png', () => ({
  qrPngDataUrl: async (url: string) => `data:text/plain,${encodeURIComponent(url)}`,
}));
// A card of no team: its team is never read.
jest.mock('@/browser/owner/teams', () => ({ watchTeamOverrides: () => () => undefined }));
jest.mock('@/browser/owner/card', () => ({
  watchCard: (_username: string, next: (card: unknown) => void) => {
    next({ firstName: 'Μαρία', lastName: 'Παπαδοπούλου' });
    return () => undefined;
  },
}));

const qrImage = () => screen.findByRole('img', { name: /^Κωδικός QR της κάρτας σας/ });
const svgOf = (img: HTMLElement) =>
  decodeURIComponent(
    (img.getAttribute('src') ?? '').replace(/^data:image\/svg\+xml;charset=utf-8,/, ''),
  );

test('Greek first; English moves the address, the QR code and the wallet links to /maria/en', async () => {
  render(<SharePanel username="maria" />);
  const address = screen.getByLabelText<HTMLInputElement>('Η διεύθυνση της κάρτας σας');
  expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Ελληνικά' }).checked).toBe(true);
  expect(address.value).toBe(cardUrl('maria'));
  expect(svgOf(await qrImage())).toBe(await qrSvg(qrCodeUrl('maria')));
  await waitFor(() => expect(walletAsked).toHaveBeenLastCalledWith('maria', 'el'));

  fireEvent.click(screen.getByRole('radio', { name: 'English' }));
  expect(address.value).toBe('http://localhost:3000/maria/en');
  await waitFor(async () =>
    expect(svgOf(await qrImage())).toBe(await qrSvg('http://localhost:3000/maria/en?src=qr')),
  );
  expect((await qrImage()).getAttribute('alt')).toContain('http://localhost:3000/maria/en');
  await waitFor(() => expect(walletAsked).toHaveBeenLastCalledWith('maria', 'en'));
  expect(
    (await screen.findByRole('link', { name: 'Προσθήκη στο Apple Wallet' })).getAttribute('href'),
  ).toBe('https://karta.example/api/wallet/maria?lang=en');

  fireEvent.click(screen.getByRole('radio', { name: 'Ελληνικά' }));
  expect(address.value).toBe(cardUrl('maria'));
  await waitFor(async () => expect(svgOf(await qrImage())).toBe(await qrSvg(qrCodeUrl('maria'))));
});
