// What a test says it logs: a console.error or console.warn that no test declares fails it
// (setup/after-env.ts, with jest-fail-on-console). A test declares the one it causes where it
// causes it, and fails too when that log never comes, so a declaration cannot outlive its cause.
export type LoggedMethod = 'error' | 'warn';

interface Expected {
  method: LoggedMethod;
  pattern: RegExp;
  seen: number;
}

// On globalThis: a file that resets its modules must still see the setup's list.
const g = globalThis as typeof globalThis & { __kartaExpectedConsole?: Expected[] };
const expected = (): Expected[] => (g.__kartaExpectedConsole ??= []);

/** This test logs console.`method` a message matching `pattern` (once or more), and may. */
export function expectConsole(method: LoggedMethod, pattern: RegExp): void {
  expected().push({ method, pattern, seen: 0 });
}

/** Whether this test declared the message; counts it if so. */
export function declared(method: string, message: string): boolean {
  const match = expected().find((entry) => entry.method === method && entry.pattern.test(message));
  if (match) match.seen++;
  return match !== undefined;
}

/** The declarations of the test that ended which no log matched; the list is emptied. */
export function unmetDeclarations(): string[] {
  const unmet = expected()
    .filter((entry) => entry.seen === 0)
    .map((entry) => `console.${entry.method} ${String(entry.pattern)}`);
  expected().length = 0;
  return unmet;
}
