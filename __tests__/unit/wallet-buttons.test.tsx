/** @jest-environment jsdom */
// The console's wallet buttons (components/account/WalletButtons.tsx): each shown only where the
// server gave its link, none at all without configuration, and a Greek line when the links fail.
import { act, render, screen } from '@testing-library/react';
import WalletButtons from '@/components/account/WalletButtons';
import { normaliseProfile } from '@/lib/profile';
import type { WalletLinks } from '@/lib/wallet-pass';

let answer: () => Promise<WalletLinks>;
const asked = jest.fn();
jest.mock('@/browser/owner/wallet', () => ({
  fetchWalletLinks: (username: string) => {
    asked(username);
    return answer();
  },
}));

const profile = normaliseProfile('maria', { firstName: 'Μαρία' });
const APPLE = 'https://karta.example/api/wallet/maria?exp=1&sig=x';
const GOOGLE = 'https://pay.google.com/gp/v/save/a.b.c';

beforeEach(() => asked.mockClear());

test('both links, as the server gave them', async () => {
  answer = async () => ({ apple: APPLE, google: GOOGLE });
  render(<WalletButtons username="maria" profile={profile} />);
  const apple = await screen.findByRole('link', { name: 'Προσθήκη στο Apple Wallet' });
  expect(apple.getAttribute('href')).toBe(APPLE);
  const google = screen.getByRole('link', { name: 'Αποθήκευση στο Google Wallet' });
  expect(google.getAttribute('href')).toBe(GOOGLE);
  expect(google.getAttribute('rel')).toBe('noopener noreferrer');
  expect(asked).toHaveBeenCalledWith('maria');
});

test('only Apple when only Apple is configured, and nothing at all without configuration', async () => {
  answer = async () => ({ apple: APPLE });
  const { unmount } = render(<WalletButtons username="maria" profile={profile} />);
  await screen.findByRole('link', { name: 'Προσθήκη στο Apple Wallet' });
  expect(screen.queryByRole('link', { name: 'Αποθήκευση στο Google Wallet' })).toBeNull();
  unmount();

  answer = async () => ({});
  // act() waits for the effect's request and the state it sets.
  const { container } = await act(async () =>
    render(<WalletButtons username="maria" profile={profile} />),
  );
  expect(asked).toHaveBeenCalledTimes(2);
  expect(container.textContent).toBe('');
  expect(screen.queryByRole('heading', { name: 'Wallet' })).toBeNull();
});

test('a failed request says so in Greek; no card yet asks for nothing', async () => {
  answer = async () => {
    throw new Error('HTTP 500');
  };
  render(<WalletButtons username="maria" profile={profile} />);
  await screen.findByText(/Οι σύνδεσμοι για τα Wallet δεν φορτώθηκαν/);
  render(<WalletButtons username="nikos" profile={null} />);
  expect(asked).not.toHaveBeenCalledWith('nikos');
});
