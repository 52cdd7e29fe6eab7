import '@testing-library/jest-dom/jest-globals';
import failOnConsole from 'jest-fail-on-console';
import { declared, unmetDeclarations, type LoggedMethod } from '../helpers/console';

// A console.error or console.warn is a failure unless the test that causes it declares it
// (helpers/console.ts expectConsole). Only what the machine itself says, never the project, is
// let through here.
const ENVIRONMENTAL: RegExp[] = [
  // React's development build (which Jest loads) checks ArrayBuffer.prototype.detached before it
  // writes an empty chunk to a web stream; Node 20, the least engine package.json allows, has no
  // such property (Node 22 has), so React says so once per file that renders a card to a stream.
  /^React encountered an empty buffer when writing in an environment that does not support ArrayBuffer\.prototype\.detached/,
];

// jest-fail-on-console checks what a test logs, from its first beforeEach to its afterEach, and
// drops what a beforeAll logged. That goes here instead, shown as it comes and failing the
// file's next test.
const show: Record<LoggedMethod, (message: string) => void> = {
  error: console.error.bind(console),
  warn: console.warn.bind(console),
};
const outsideTests: string[] = [];
let inTest = false;

failOnConsole({
  silenceMessage: (message, method) => {
    if (ENVIRONMENTAL.some((pattern) => pattern.test(message))) return true;
    if (declared(method, message)) return true;
    if (inTest || (method !== 'error' && method !== 'warn')) return false;
    show[method](message);
    outsideTests.push(`console.${method}: ${message}`);
    return true;
  },
});

beforeEach(() => {
  inTest = true;
  const logged = outsideTests.splice(0);
  if (logged.length > 0) {
    throw new Error(`A hook of this file logged what no test declares:\n${logged.join('\n')}`);
  }
});

afterEach(() => {
  inTest = false;
  const unmet = unmetDeclarations();
  if (unmet.length > 0) {
    throw new Error(`This test declared a log it did not make:\n${unmet.join('\n')}`);
  }
});
