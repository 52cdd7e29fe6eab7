// A readers-writer lock shared by the Jest workers of one run: most e2e files share the run's
// server and emulator side by side, and a file that changes what the others read (deletes a card
// they open, runs the change watcher that sees every edit) runs alone. Written here because the
// lock packages on npm are file locks without a shared mode; a held TCP connection is the lock,
// so a worker that dies releases what it held.
import net from 'node:net';

export type LockMode = 'shared' | 'alone';

interface Waiter {
  socket: net.Socket;
  mode: LockMode;
}

export interface RunLock {
  /** `host:port` for `acquire`. */
  address: string;
  close(): Promise<void>;
}

/** The lock's keeper, in Jest's main process. Grants in arrival order, so no mode starves. */
export async function startRunLock(): Promise<RunLock> {
  const queue: Waiter[] = [];
  const holders = new Map<net.Socket, LockMode>();

  const grant = () => {
    while (queue.length > 0) {
      const next = queue[0];
      const busy = holders.size > 0;
      const aloneHeld = [...holders.values()].includes('alone');
      if (next.mode === 'alone' ? busy : aloneHeld) return;
      queue.shift();
      holders.set(next.socket, next.mode);
      next.socket.write('granted\n');
    }
  };

  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    socket.once('data', (line: string) => {
      const mode = line.trim() === 'alone' ? 'alone' : 'shared';
      queue.push({ socket, mode });
      grant();
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      holders.delete(socket);
      const waiting = queue.findIndex((waiter) => waiter.socket === socket);
      if (waiting >= 0) queue.splice(waiting, 1);
      grant();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of [...holders.keys(), ...queue.map((waiter) => waiter.socket)]) {
          socket.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

/** Waits until the lock is granted in `mode`; the returned function releases it. */
export function acquire(address: string, mode: LockMode): Promise<() => Promise<void>> {
  const port = Number(address.split(':').pop());
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${mode}\n`));
    socket.once('error', reject);
    socket.once('data', () =>
      resolve(
        () =>
          new Promise<void>((released) => {
            socket.once('close', () => released());
            socket.end();
          }),
      ),
    );
  });
}
