// The bottom sheet's content is `visibility: hidden` until its open animation draws a first frame,
// and focus() on a hidden field does nothing: on a slow phone a fixed delay fires too early and
// the visitor has to tap the field before typing. Trying once per frame focuses it on the first
// frame it is shown. Both the sheet opening empty (ExchangeSheet.tsx) and the sheet taking over
// from the card's plain form (take-over.tsx) wait so.

/** How long to keep trying: past this the sheet is not opening, and focus is left alone. */
export const FOCUS_DEADLINE_MS = 3000;

/**
 * Focuses `field()` (asked again each frame) as soon as it can take focus, then runs `onFocused`
 * with it in that same frame, before any key typed meanwhile is handled. Gives up silently after
 * `deadlineMs`. Returns a function that stops trying.
 */
export function focusWhenShown<T extends HTMLElement>(
  field: () => T | null | undefined,
  onFocused?: (field: T) => void,
  deadlineMs = FOCUS_DEADLINE_MS,
): () => void {
  const until = performance.now() + deadlineMs;
  let frame = 0;
  const attempt = () => {
    const el = field();
    el?.focus({ preventScroll: true });
    if (el && document.activeElement === el) return onFocused?.(el);
    if (performance.now() > until) return;
    frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

/**
 * Focuses the first field in `container()` as soon as it can take focus, unless focus is already
 * somewhere in the container. Returns a function that stops trying.
 */
export function focusFirstFieldWhenShown(
  container: () => HTMLElement | null,
  deadlineMs = FOCUS_DEADLINE_MS,
): () => void {
  return focusWhenShown(
    () => {
      const root = container();
      // Focus the visitor already moved into the sheet stays there: where it is counts as done.
      const active = document.activeElement as HTMLElement | null;
      if (active && root?.contains(active)) return active;
      return root?.querySelector<HTMLElement>('input');
    },
    undefined,
    deadlineMs,
  );
}
