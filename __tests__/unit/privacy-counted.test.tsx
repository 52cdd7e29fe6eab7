/**
 * @jest-environment jsdom
 */
// /privacy's «Τι μετράει η κάρτα» names every source a view is counted from (lib/stats/events.ts
// VIEW_SOURCES) and the English card's views (EN_VIEWS), as the owner's «Στατιστικά» shows them.
import { render, screen } from '@testing-library/react';
import PrivacyPage from '@/app/privacy/page';

test('the notice says which views are counted from the QR code, the wallet pass, and in English', () => {
  render(<PrivacyPage />);
  const counted = screen.getByRole('region', { name: 'Τι μετράει η κάρτα' });
  expect(counted.textContent).toContain(
    'πόσα είναι τα ανοίγματα της κάρτας (και πόσα από αυτά από τον κωδικό QR ή από το Wallet του κινητού, και πόσα στα αγγλικά)',
  );
});
