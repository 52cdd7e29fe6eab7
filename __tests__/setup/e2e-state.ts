// What the e2e global set-up hands each e2e file once the run's stack is up: the variables that
// point the file at it (or why it could not start), in a file whose path is in KARTA_E2E_STATE.
export const E2E_STATE = 'KARTA_E2E_STATE';

export type E2eState = { env: Record<string, string> } | { error: string };

/** The variable that holds where the run's one Chromium listens (tools/lib/chromium.ts). */
export const BROWSER_WS = 'KARTA_BROWSER_WS';
