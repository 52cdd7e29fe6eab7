// Work the card wants done soon but never at the cost of its own paint: started only once the
// page has loaded (the photo included) and the browser has nothing more urgent to do.

/** How long an idle moment may be waited for before the work runs anyway. */
export const IDLE_TIMEOUT_MS = 2000;
/** Without requestIdleCallback (Safari), how long after the load event the work starts. */
export const NO_IDLE_DELAY_MS = 200;

/** Runs `task` once, after the load event, in the browser's next idle moment. */
export function afterLoadWhenIdle(task: () => void, win: Window = window): void {
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function') {
      win.requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
    } else {
      win.setTimeout(task, NO_IDLE_DELAY_MS);
    }
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
