// A TCP relay in front of the Firestore emulator whose answers can be held back and released:
// a read the emulator has already answered then arrives late, so that a render ends after a
// revalidation that began after it. Written here because the relays on npm forward both ways
// and none can hold one direction on demand.
import net from 'node:net';

export interface HeldLink {
  /** `host:port` to give a server as FIRESTORE_EMULATOR_HOST. */
  hostPort: string;
  /** From now on, the emulator's answers wait in the relay. */
  hold(): void;
  /** Resolves once an answer is waiting (the emulator has answered while held). */
  answerHeld(): Promise<void>;
  /** Delivers what waited, in order, and lets answers through again. */
  release(): void;
  close(): Promise<void>;
}

export async function startHeldLink(target: string): Promise<HeldLink> {
  const [host, port] = [target.slice(0, target.lastIndexOf(':')), target.split(':').pop()];
  let held = false;
  let waiting: Array<() => void> = [];
  let onHeld: (() => void) | undefined;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    const deliver = (step: () => void) => {
      if (!held) return step();
      waiting.push(step);
      onHeld?.();
    };
    upstream.on('data', (chunk: Buffer) => deliver(() => client.write(chunk)));
    upstream.on('end', () => deliver(() => client.end()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: listening } = server.address() as net.AddressInfo;

  return {
    hostPort: `127.0.0.1:${listening}`,
    hold() {
      held = true;
    },
    answerHeld() {
      if (waiting.length > 0) return Promise.resolve();
      return new Promise((resolve) => {
        onHeld = () => {
          onHeld = undefined;
          resolve();
        };
      });
    },
    release() {
      held = false;
      const steps = waiting;
      waiting = [];
      for (const step of steps) step();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
