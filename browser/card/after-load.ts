// Work the card wants done soon but never at the cost of its own paint: started only once the
// page has loaded (the photo included), some of it only when the browser has nothing more urgent
// to do.

/** How long an idle moment may be waited for before the work runs anyway. */
export const IDLE_TIMEOUT_MS = 2000;
/** Without requestIdleCallback (Safari), how long after the load event the work starts. */
export const NO_IDLE_DELAY_MS = 200;

function onLoad(run: () => void, win: Window): void {
  if (win.document.readyState === 'complete') run();
  else win.addEventListener('load', run, { once: true });
}

/**
 * Runs `task` once, just after the load event: in a task of its own, so that it starts once the
 * event's handlers have all run (after what the browser times as the end of the load event).
 */
export function afterLoad(task: () => void, win: Window = window): void {
  onLoad(() => void win.setTimeout(task), win);
}

/** Runs `task` once, after the load event, in the browser's next idle moment. */
export function afterLoadWhenIdle(task: () => void, win: Window = window): void {
  onLoad(() => {
    if (typeof win.requestIdleCallback === 'function') {
      win.requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
    } else {
      win.setTimeout(task, NO_IDLE_DELAY_MS);
    }
  }, win);
}

/** What Chromium's Network Information API says (TypeScript's DOM types lack it). */
interface Connection {
  saveData?: boolean;
  /** 'slow-2g', '2g', '3g' or '4g'. */
  effectiveType?: string;
}

/**
 * Whether the visitor asked to save data or is on 2G (in Chromium's own estimate): then nothing
 * is fetched before the visitor asks for it. The Save-Data request header says the same, but a
 * card is the same cached HTML for every visitor, so only the browser can decide.
 */
export function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return !!connection?.saveData || /2g/.test(connection?.effectiveType ?? '');
}
