// The same deadline as a browser runs it (the visitor's contact write): browsers have no
// setImmediate, and a missed deadline must still end in the error the form turns into a Greek
// message rather than in a ReferenceError thrown from a timer.
import { withDeadline } from '@/lib/deadline';

const holder = globalThis as { setImmediate?: typeof setImmediate };
const nodeSetImmediate = holder.setImmediate;
beforeAll(() => {
  delete holder.setImmediate;
});
afterAll(() => {
  holder.setImmediate = nodeSetImmediate;
});

test('a promise that never settles ends in the timeout error', async () => {
  const never = new Promise<string>(() => {});
  await expect(withDeadline(never, 20, () => new Error('late'))).rejects.toThrow('late');
});

test('an answer in time wins', async () => {
  const soon = new Promise<string>((resolve) => setTimeout(() => resolve('answer'), 5));
  await expect(withDeadline(soon, 1000, () => new Error('late'))).resolves.toBe('answer');
});
