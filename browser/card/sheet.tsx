// The exchange sheet, mounted on the card by enhance.ts the first time a visitor reaches for it:
// React, the form, yup and the Firestore client arrive only then.
import { createRoot } from 'react-dom/client';
import ExchangeSheet from '@/components/exchange/ExchangeSheet';
import type { CardLanguage } from '@/lib/routes';

export interface SheetOptions {
  username: string;
  firstName: string;
  /** The card's language, which the sheet speaks. */
  lang: CardLanguage;
  /** The sheet closed without a send (Escape, the close button, a tap outside). */
  onClosed: () => void;
  onSent: () => void;
}

export interface SheetControl {
  open: () => void;
}

export function mountSheet(container: HTMLElement, options: SheetOptions): SheetControl {
  const root = createRoot(container);
  // Each opening gets a fresh form, so nothing carries over from the last one, while the closing
  // slide still shows what it held.
  let opening = 0;
  const { username, firstName, lang } = options;
  const card = { username, firstName, lang };
  const show = (isOpen: boolean) =>
    root.render(
      <ExchangeSheet isOpen={isOpen} formKey={opening} {...card} onClose={close} onSent={sent} />,
    );
  function close() {
    show(false);
    options.onClosed();
  }
  function sent() {
    show(false);
    options.onSent();
  }
  return {
    open() {
      opening += 1;
      show(true);
    },
  };
}
