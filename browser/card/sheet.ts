// What the card's script and the exchange sheet agree on: the script fetches the sheet's chunk
// (components/exchange/mount-sheet.tsx, built apart by tools/card-assets/build.ts) on demand, so
// it knows the sheet by these types alone and never pulls React into the card.
import type { ContactFormValues } from '@/lib/contact-form';
import type { CardLanguage } from '@/lib/routes';

/** Where the visitor is in the card's plain form: what they typed and where their caret is. */
export interface PlainFormState {
  values: ContactFormValues;
  /** The field with focus, and its selection; none when focus is elsewhere. */
  focus?: { name: keyof ContactFormValues; start: number | null; end: number | null };
}

/**
 * The sheet taking over from the card's plain form, still open: it reads the form's state at the
 * moment its own field can take focus (`read`), in the same task as it focuses it, so no key typed
 * in between is lost; then `done` closes the plain form. `submit`: the visitor already pressed send.
 */
export interface TakeOver {
  read: () => PlainFormState;
  done: () => void;
  submit: boolean;
}

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
  /** Opens an empty form, or one that takes over from the card's plain form. */
  open: (takeOver?: TakeOver) => void;
}

/** What the sheet's chunk exports. */
export type SheetModule = {
  mountSheet: (container: HTMLElement, options: SheetOptions) => SheetControl;
};
