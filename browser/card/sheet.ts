// What the card's script and the exchange sheet agree on: the script fetches the sheet's chunk
// (components/exchange/mount-sheet.tsx, built apart by tools/card-assets/build.ts) on demand, so
// it knows the sheet by these types alone and never pulls React into the card.
import type { CardLanguage } from '@/lib/routes';

export interface SheetOptions {
  username: string;
  firstName: string;
  /** A member card's company (Card.tsx `data-company`), named in the sheet's privacy line. */
  company?: string;
  /** The card's language, which the sheet speaks. */
  lang: CardLanguage;
  /** The sheet closed without a send (Escape, the close button, a tap outside). */
  onClosed: () => void;
  onSent: () => void;
}

export interface SheetControl {
  open: () => void;
}

/** What the sheet's chunk exports. */
export type SheetModule = {
  mountSheet: (container: HTMLElement, options: SheetOptions) => SheetControl;
};
