// What the jsdom tests of the card's script (card-script, card-events) set up alike: the card's
// HTML enhanced by its script, with the sheet imported as a module instead of fetched by URL.
import userEvent from '@testing-library/user-event';
import { enhanceCard } from '@/browser/card/card-script';
import type { PublicProfile } from '@/lib/profile';
import { renderCardBody } from '../../helpers/card';

/** Assets with nothing to fetch: the sheet comes from loadSheetModule. */
export const ASSETS = { css: '', enhance: '', sheet: '', sheetCss: '' };

/** The stats key the card's HTML carries here; any 22 base64url characters (the script sends it as is). */
export const STATS_KEY = 'AbCdEfGhIjKlMnOpQrSt_-';

export const loadSheetModule = () => import('@/components/exchange/mount-sheet');

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
  enhanceCard(document.querySelector('main')!, loadSheetModule, neverIdle, whenLoaded);
  return user;
}
