import { harness } from './harness';

export default async function globalTeardown(): Promise<void> {
  const h = harness();
  // Last started, first stopped: the stack before the emulator it reads from.
  for (const stop of h.stops.reverse()) await stop();
  h.stops = [];
  h.emulator = undefined;
}
