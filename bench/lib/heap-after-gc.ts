// The memory of a Node process after a full garbage collection, through its V8 inspector (a process
// started with `--inspect=127.0.0.1:<port>`): nothing outside a process can otherwise force the
// collection that tells what it keeps from what it has not yet freed. A hand-written Chrome
// DevTools Protocol client of a few lines, as no CDP client is among the project's dependencies
// (`ws` is only a transitive one): a child Node with the global WebSocket of
// `--experimental-websocket` (Node 20) asks `/json/list` for the target, sends
// `HeapProfiler.collectGarbage` twice, then reads `process.memoryUsage()` with `Runtime.evaluate`.
import { execFile } from 'node:child_process';

export interface MemoryUsage {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

const SCRIPT = `
const port = process.argv[1];
const targets = await (await fetch('http://127.0.0.1:' + port + '/json/list')).json();
const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
await new Promise((resolve, reject) => {
  socket.onopen = resolve;
  socket.onerror = () => reject(new Error('inspector connection failed'));
});
let id = 0;
const waiting = new Map();
socket.onmessage = (event) => {
  const message = JSON.parse(String(event.data));
  const settle = waiting.get(message.id);
  if (!settle) return;
  waiting.delete(message.id);
  settle(message);
};
const send = (method, params = {}) =>
  new Promise((resolve, reject) => {
    id += 1;
    waiting.set(id, (message) =>
      message.error ? reject(new Error(method + ': ' + message.error.message)) : resolve(message.result),
    );
    socket.send(JSON.stringify({ id, method, params }));
  });
await send('HeapProfiler.collectGarbage');
await send('HeapProfiler.collectGarbage');
const { result } = await send('Runtime.evaluate', {
  expression: 'JSON.stringify(process.memoryUsage())',
  returnByValue: true,
});
process.stdout.write(result.value);
socket.close();
process.exit(0);
`;

/** `process.memoryUsage()` of the process inspected on `port`, after two full collections. */
export function heapAfterGc(port: number, timeoutMs = 60_000): Promise<MemoryUsage> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--experimental-websocket', '--input-type=module', '--eval', SCRIPT, String(port)],
      // Not the inspected process's NODE_OPTIONS (an --inspect of the same port).
      { env: { ...process.env, NODE_OPTIONS: '' }, timeout: timeoutMs, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`heap after GC on inspector port ${port}: ${error.message}\n${stderr}`));
          return;
        }
        resolve(JSON.parse(stdout) as MemoryUsage);
      },
    );
  });
}
