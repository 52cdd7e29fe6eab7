// The card's colours: the browser's bar in each scheme, and the owner's accent colour with the
// text drawn on it in each scheme, computed to reach WCAG AA with colord's contrast ratio.
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';

extend([a11yPlugin]);

// The browser's bar colour in each scheme: the page background of app/globals.css.
export const THEME_COLORS = [
  { media: '(prefers-color-scheme: light)', color: '#ffffff' },
  { media: '(prefers-color-scheme: dark)', color: '#121212' },
];

/** WCAG AA for text of normal size: what every accent pair reaches. */
export const ACCENT_MIN_CONTRAST = 4.5;
/** How far (in HSL lightness, 0 to 1) each step moves an accent that does not reach it. */
const LIGHTNESS_STEP = 0.02;

const WHITE = '#ffffff';
const BLACK = '#000000';

/** A button's colour and the colour of the text on it. */
export interface AccentPair {
  background: string;
  text: string;
}

/** The accent in each scheme, as the card's buttons and header draw it. */
export interface AccentColors {
  light: AccentPair;
  dark: AccentPair;
}

/**
 * `text` on `background`, with the background moved away from the text (darker under white,
 * lighter under black) until the pair reaches ACCENT_MIN_CONTRAST; pure white or black always
 * get there in the end.
 */
function readablePair(background: string, text: string): AccentPair {
  let colour = colord(background);
  while (colour.contrast(text) < ACCENT_MIN_CONTRAST) {
    colour = text === WHITE ? colour.darken(LIGHTNESS_STEP) : colour.lighten(LIGHTNESS_STEP);
  }
  return { background: colour.toHex(), text };
}

/**
 * The accent colour `#rrggbb` in both schemes. Light: the colour itself, with white or black text,
 * whichever reads better. Dark: the scheme's buttons are light with black text (app/globals.css),
 * so the accent is lightened as far as black text needs.
 */
export function accentColors(accent: string): AccentColors {
  const base = colord(accent);
  const text = base.contrast(WHITE) >= base.contrast(BLACK) ? WHITE : BLACK;
  return { light: readablePair(accent, text), dark: readablePair(accent, BLACK) };
}
