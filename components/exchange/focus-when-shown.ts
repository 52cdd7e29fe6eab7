// The bottom sheet's content is `visibility: hidden` until its open animation draws a first frame,
// and focus() on a hidden field does nothing: on a slow phone a fixed delay fires too early and
// the visitor has to tap the field before typing. Trying once per frame focuses it on the first
// frame it is shown.

/** How long to keep trying: past this the sheet is not opening, and focus is left alone. */
export const FOCUS_DEADLINE_MS = 3000;

/**
 * Focuses the first field in `container()` as soon as it can take focus, unless focus is already
 * somewhere in the container. Returns a function that stops trying.
 */
export function focusFirstFieldWhenShown(
  container: () => HTMLElement | null,
  deadlineMs = FOCUS_DEADLINE_MS,
): () => void {
  const until = performance.now() + deadlineMs;
  let frame = 0;
  const attempt = () => {
    const root = container();
    if (root?.contains(document.activeElement)) return;
    root?.querySelector<HTMLElement>('input')?.focus({ preventScroll: true });
    if (root?.contains(document.activeElement) || performance.now() > until) return;
    frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}
