// What the jsdom tests of the card's script (card-script, card-events) set up alike: the card's
// HTML enhanced by its script, with the sheet imported as a module instead of fetched by URL.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enhanceCard } from '@/browser/card/card-script';
import type { PublicProfile } from '@/lib/profile';
import { renderCardBody } from '../../helpers/card';

/** Assets with nothing to fetch: the sheet comes from loadSheetModule. */
export const ASSETS = { css: '', enhance: '', sheet: '', sheetCss: '' };

/** The stats key the card's HTML carries here; any 22 base64url characters (the script sends it as is). */
export const STATS_KEY = 'AbCdEfGhIjKlMnOpQrSt_-';

export const loadSheetModule = () => import('@/components/exchange/mount-sheet');

/** The sheet takes over at the tap, not after a pause in typing: these tests type with no delay. */
export const NO_PAUSE = 0;

/** No idle moment ever comes: the sheet is fetched on reach only, unless a test says otherwise. */
export const neverIdle = () => {};

/** react-modal-sheet measures its content; jsdom has no ResizeObserver. */
export function standInForResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** Enhances the card already rendered, its sheet from loadSheetModule, taking over at once. */
export function enhanceRenderedCard(whenLoaded?: (task: () => void) => void): void {
  enhanceCard(document.querySelector('main')!, loadSheetModule, neverIdle, whenLoaded, NO_PAUSE);
}

/**
 * The card of `profile`, enhanced; its load event comes from `whenLoaded` (by default the real
 * one). Returns the user who taps it.
 */
export function renderEnhancedCard(
  profile: PublicProfile,
  whenLoaded?: (task: () => void) => void,
): ReturnType<typeof userEvent.setup> {
  const user = userEvent.setup();
  renderCardBody(profile, ASSETS, STATS_KEY);
  enhanceRenderedCard(whenLoaded);
  return user;
}

/**
 * Taps the exchange button and returns the sheet once it has taken over from the card's plain form
 * (the two are dialogs of the same name).
 */
export async function openSheet(
  user: ReturnType<typeof userEvent.setup>,
  button = 'Ανταλλαγή Επαφής',
  title = 'Ανταλλαγή στοιχείων με Μαρία',
): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: button }));
  await waitFor(() =>
    expect(document.querySelector('[data-plain-sheet]')).not.toHaveAttribute('open'),
  );
  return screen.findByRole('dialog', { name: title });
}
