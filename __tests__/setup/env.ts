// Runs before each test file's framework loads.
import { clearImmediate, setImmediate } from 'node:timers';

// The firebase web SDK resolves its Node build under jsdom and expects these timers.
if (typeof globalThis.setImmediate === 'undefined') {
  Object.assign(globalThis, { setImmediate, clearImmediate });
}
