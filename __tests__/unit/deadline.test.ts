// The deadline of every call to Firestore and Redis (lib/deadline.ts) and its twin in the shared
// cache handler, which Node loads without TypeScript: both are held to the same behaviour here.
import { randomBytes } from 'node:crypto';
import { withDeadline } from '@/lib/deadline';
import { withDeadline as cacheDeadline } from '@/server/cache/handler.mjs';

const LATE = 'late';
const implementations: Array<[string, <T>(promise: Promise<T>, ms: number) => Promise<T>]> = [
  ['lib/deadline.ts', (promise, ms) => withDeadline(promise, ms, () => new Error(LATE))],
  [
    'server/cache/handler.mjs',
    (promise, ms) =>
      cacheDeadline(promise, ms, LATE).catch((error: Error) => {
        throw new Error(/did not answer late in \d+ ms/.test(error.message) ? LATE : error.message);
      }),
  ],
];

/** An answer from outside the event loop (the thread pool), as a socket's reply would be. */
const fromOutside = () => new Promise<string>((resolve) => randomBytes(8, () => resolve('answer')));
const busy = (ms: number) => {
  for (const end = Date.now() + ms; Date.now() < end;);
};

describe.each(implementations)('%s', (_, deadline) => {
  test('settles as the promise does, in time', async () => {
    await expect(deadline(fromOutside(), 1000)).resolves.toBe('answer');
    await expect(deadline(Promise.reject(new Error('refused')), 1000)).rejects.toThrow('refused');
  });

  test('rejects once the time has passed without an answer', async () => {
    const started = Date.now();
    await expect(deadline(new Promise(() => {}), 50)).rejects.toThrow(LATE);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  test('an answer that arrived while the event loop was busy beats the deadline', async () => {
    // Started from a callback of the loop's reading phase, busy past the deadline: the answer
    // arrives meanwhile, and Node runs the due timer before it reads the answer.
    const { result } = await new Promise<{ result: Promise<string> }>((resolve) =>
      randomBytes(1, () => {
        const raced = deadline(fromOutside(), 20);
        busy(200);
        resolve({ result: raced });
      }),
    );
    await expect(result).resolves.toBe('answer');
  });
});
