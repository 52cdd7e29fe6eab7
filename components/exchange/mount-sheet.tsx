// The exchange sheet, mounted on the card by its script (browser/card/card-script.ts) the first
// time a visitor reaches for it: React, the form, yup and the Firestore client arrive only then.
import { createRoot } from 'react-dom/client';
import type { SheetControl, SheetOptions, TakeOver } from '@/browser/card/sheet';
import ExchangeSheet from './ExchangeSheet';

export function mountSheet(container: HTMLElement, options: SheetOptions): SheetControl {
  const root = createRoot(container);
  // Each opening gets a fresh form, so nothing carries over from the last one, while the closing
  // slide still shows what it held.
  let opening = 0;
  const { username, firstName, company, lang } = options;
  const card = { username, firstName, company, lang };
  let takeOver: TakeOver | undefined;
  const show = (isOpen: boolean) =>
    root.render(
      <ExchangeSheet
        isOpen={isOpen}
        formKey={opening}
        takeOver={takeOver}
        {...card}
        onClose={close}
        onSent={sent}
      />,
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
    open(from) {
      opening += 1;
      takeOver = from;
      show(true);
    },
  };
}
