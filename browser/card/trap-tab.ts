// Tab and Shift+Tab kept inside a modal of our own making: the card's plain form
// (browser/card/card-script.ts, inlined into every card, so kept tiny) and the exchange sheet
// (components/exchange/ExchangeSheet.tsx). Plain DOM; a React keyboard event fits too.

const FOCUSABLE = 'input,button,textarea,select,a[href],[tabindex]:not([tabindex="-1"])';

/** From the last focusable element in `container` Tab goes to its first, Shift+Tab back again. */
export function trapTab(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>,
  container: ParentNode,
): void {
  if (event.key !== 'Tab') return;
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hasAttribute('disabled'),
  );
  const first = items[0];
  const last = items[items.length - 1];
  if (document.activeElement === (event.shiftKey ? first : last)) {
    event.preventDefault();
    (event.shiftKey ? last : first)?.focus();
  }
}
