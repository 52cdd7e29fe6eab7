// A TCP relay in front of the Firestore emulator that counts the bytes the emulator sends and can
// cut every connection, as a network drop does: what a listener reads again after it reconnects
// is then measured on the wire, whatever the SDK does to resume.
import net from 'node:net';

export interface CutLink {
  /** `host:port` to give a process as FIRESTORE_EMULATOR_HOST. */
  hostPort: string;
  /** Bytes the emulator has sent through the relay so far. */
  bytesDown(): number;
  /** Closes every connection and refuses new ones until `restore()`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startCutLink(target: string): Promise<CutLink> {
  const host = target.slice(0, target.lastIndexOf(':'));
  const port = Number(target.slice(target.lastIndexOf(':') + 1));
  const sockets = new Set<net.Socket>();
  let down = 0;
  let cut = false;

  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(port, host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.on('data', (chunk: Buffer) => (down += chunk.length));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    hostPort: `127.0.0.1:${address.port}`,
    bytesDown: () => down,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
