// A TCP relay in front of the Firestore emulator for tests and the bench: it counts the bytes the
// emulator sends, can hold its answers back and release them (a read the emulator has answered
// then arrives late), and can cut every connection as a network drop does. Written here because
// the relays on npm forward both ways and none can hold one direction on demand.
import net from 'node:net';

export interface TcpRelay {
  /** `host:port` to give a process as FIRESTORE_EMULATOR_HOST. */
  hostPort: string;
  /** Bytes the emulator has sent through the relay so far. */
  bytesDown(): number;
  /**
   * Takes no new connection and leaves the open ones to their clients, holding no process open:
   * for clients that cannot be made to close in time (gRPC keeps its channels a while after an app
   * is deleted), where cutting a call still closing would end it after its caller is gone.
   */
  closeWhenIdle(): void;
  /** From now on, the emulator's answers wait in the relay. */
  hold(): void;
  /** Resolves once an answer is waiting (the emulator has answered while held). */
  answerHeld(): Promise<void>;
  /** Delivers what waited, in order, and lets answers through again. */
  release(): void;
  /** Closes every connection and refuses new ones until `restore()`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpRelay(target: string): Promise<TcpRelay> {
  const host = target.slice(0, target.lastIndexOf(':'));
  const port = Number(target.slice(target.lastIndexOf(':') + 1));
  const sockets = new Set<net.Socket>();
  let down = 0;
  let cut = false;
  let unrefNew = false;
  let held = false;
  let waiting: Array<() => void> = [];
  let onHeld: (() => void) | undefined;

  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(port, host);
    for (const socket of [client, upstream]) {
      if (unrefNew) socket.unref();
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
    upstream.on('data', (chunk: Buffer) => {
      down += chunk.length;
      deliver(() => client.write(chunk));
    });
    upstream.on('end', () => deliver(() => client.end()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: listening } = server.address() as net.AddressInfo;

  return {
    hostPort: `127.0.0.1:${listening}`,
    bytesDown: () => down,
    closeWhenIdle() {
      server.close();
      server.unref();
      for (const socket of sockets) socket.unref();
      unrefNew = true;
    },
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
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
