// Runs before each test file's framework loads.
import { clearImmediate, setImmediate } from 'node:timers';
import { ReadableStream } from 'node:stream/web';
import { TextDecoder, TextEncoder } from 'node:util';

// The firebase web SDK resolves its Node build under jsdom and expects these timers.
if (typeof globalThis.setImmediate === 'undefined') {
  Object.assign(globalThis, { setImmediate, clearImmediate });
}
// React's static renderer (server/card/static-html.ts) writes to a web stream, as Node and browsers have
// them and jsdom does not.
if (typeof globalThis.ReadableStream === 'undefined') {
  Object.assign(globalThis, { ReadableStream, TextEncoder, TextDecoder });
}
// Every test talks to emulators, which need no credentials: Google's auth library would still probe
// the GCE metadata server for some (as server/firebase/admin-app.ts explains), and print a
// MetadataLookupWarning when a proxy answers that probe.
process.env.METADATA_SERVER_DETECTION ??= 'none';
