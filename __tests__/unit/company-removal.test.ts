// What the removal's confirmation says (lib/company-removal.ts): the printed cards' fate, and that
// of the switched-off cards forwarding to the member removed, which follow them.
import { forwardedCardsFate, printedCardsFate } from '@/lib/company-removal';

test('the printed cards open the colleague’s card, or show only the company', () => {
  expect(printedCardsFate('Κώστας Λάμπρου')).toBe(
    'Οι τυπωμένες κάρτες και τα QR θα ανοίγουν την κάρτα «Κώστας Λάμπρου».',
  );
  expect(printedCardsFate(null)).toContain('μόνο τα στοιχεία της εταιρείας');
});

test('cards forwarding to the member follow them, said in the singular or the plural', () => {
  expect(forwardedCardsFate(0, 'Κώστας')).toBe('');
  expect(forwardedCardsFate(1, 'Κώστας')).toBe(
    'Η κάρτα που προωθείται σε αυτήν θα ανοίγει επίσης την κάρτα «Κώστας».',
  );
  expect(forwardedCardsFate(3, 'Κώστας')).toBe(
    'Οι 3 κάρτες που προωθούνται σε αυτήν θα ανοίγουν επίσης την κάρτα «Κώστας».',
  );
  expect(forwardedCardsFate(1, null)).toBe(
    'Η κάρτα που προωθείται σε αυτήν θα απενεργοποιηθεί επίσης.',
  );
  expect(forwardedCardsFate(2, null)).toBe(
    'Οι 2 κάρτες που προωθούνται σε αυτήν θα απενεργοποιηθούν επίσης.',
  );
});
