/** @jest-environment jsdom */
// The console's wallet buttons (components/account/WalletButtons.tsx): each shown only where the
// server gave its link, none at all without configuration, a Greek line when the links fail, and
// the links of the language chosen.
import { act, render, screen, waitFor } from '@testing-library/react';
import WalletButtons from '@/components/account/WalletButtons';
import { normaliseProfile } from '@/lib/profile';
import type { WalletLinks } from '@/lib/wallet-pass';

let answer: () => Promise<WalletLinks>;
const asked = jest.fn();
jest.mock('@/browser/owner/wallet', () => ({
  fetchWalletLinks: (username: string, lang: string) => {
    asked(username, lang);
    return answer();
  },
}));

const profile = normaliseProfile('maria', { firstName: 'Μαρία' });
const APPLE = 'https://karta.example/api/wallet/maria?exp=1&sig=x';
const GOOGLE = 'https://pay.google.com/gp/v/save/a.b.c';

beforeEach(() => asked.mockClear());

test('both links, as the server gave them', async () => {
  answer = async () => ({ apple: APPLE, google: GOOGLE });
  render(<WalletButtons username="maria" lang="el" profile={profile} />);
  const apple = await screen.findByRole('link', { name: 'Προσθήκη στο Apple Wallet' });
  expect(apple.getAttribute('href')).toBe(APPLE);
  const google = screen.getByRole('link', { name: 'Αποθήκευση στο Google Wallet' });
  expect(google.getAttribute('href')).toBe(GOOGLE);
  expect(google.getAttribute('rel')).toBe('noopener noreferrer');
  expect(asked).toHaveBeenCalledWith('maria', 'el');
});

test('only Apple when only Apple is configured, and nothing at all without configuration', async () => {
  answer = async () => ({ apple: APPLE });
  const { unmount } = render(<WalletButtons username="maria" lang="el" profile={profile} />);
  await screen.findByRole('link', { name: 'Προσθήκη στο Apple Wallet' });
  expect(screen.queryByRole('link', { name: 'Αποθήκευση στο Google Wallet' })).toBeNull();
  unmount();

  answer = async () => ({});
  // act() waits for the effect's request and the state it sets.
  const { container } = await act(async () =>
    render(<WalletButtons username="maria" lang="el" profile={profile} />),
  );
  expect(asked).toHaveBeenCalledTimes(2);
  expect(container.textContent).toBe('');
  expect(screen.queryByRole('heading', { name: 'Wallet' })).toBeNull();
});

test('a failed request says so in Greek; no card yet asks for nothing', async () => {
  answer = async () => {
    throw new Error('HTTP 500');
  };
  render(<WalletButtons username="maria" lang="el" profile={profile} />);
  await screen.findByText(/Οι σύνδεσμοι για τα Wallet δεν φορτώθηκαν/);
  render(<WalletButtons username="nikos" lang="el" profile={null} />);
  expect(asked).not.toHaveBeenCalledWith('nikos', expect.anything());
});

test("the English card's passes: asked for in English, and again when the language changes", async () => {
  answer = async () => ({ apple: `${APPLE}&lang=en` });
  const { rerender } = render(<WalletButtons username="maria" lang="en" profile={profile} />);
  await screen.findByRole('link', { name: 'Προσθήκη στο Apple Wallet' });
  expect(asked).toHaveBeenLastCalledWith('maria', 'en');
  answer = async () => ({ apple: APPLE });
  rerender(<WalletButtons username="maria" lang="el" profile={profile} />);
  await waitFor(() => expect(asked).toHaveBeenLastCalledWith('maria', 'el'));
  await waitFor(() =>
    expect(
      screen.getByRole('link', { name: 'Προσθήκη στο Apple Wallet' }).getAttribute('href'),
    ).toBe(APPLE),
  );
});
