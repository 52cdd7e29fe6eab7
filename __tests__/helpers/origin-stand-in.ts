// A real HTTP server on loopback standing in for what an in-process route talks to over the
// network once Next has answered: its own origin (env.ownOrigin, from PORT), asked for the card
// pages it marked and sent the recheck, and a Varnish purge endpoint. It records every request
// and answers as the real ones answer when all goes well: a page as a miss (just regenerated),
// a purge and a revalidation as accepted. Given an `answer` of its own, it is any receiver on
// loopback that a test needs to answer otherwise (webhook-channel.test.ts: failing, slow,
// redirecting).
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface OriginStandIn {
  /** http://127.0.0.1:port */
  url: string;
  port: number;
  received: Received[];
  stop(): Promise<void>;
}

/** How the stand-in answers a request, once its body (`body`) has been read and recorded. */
export type Answer = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const originAnswer: Answer = (req, res) => {
  if (req.method === 'POST') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ revalidated: [] }));
  } else {
    res.writeHead(200, { 'x-nextjs-cache': 'MISS' });
    res.end();
  }
};

export async function startOriginStandIn(answer: Answer = originAnswer): Promise<OriginStandIn> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      answer(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
