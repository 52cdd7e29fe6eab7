// With no proxy in front (STATS_PROXY_HOPS=0) the visitor's address is the socket's. A route
// handler cannot see the socket, and `next start` fills X-Forwarded-For from it only when the
// client sent none, so a client could name a new address for every beacon. Instead, Node's own
// diagnostics channel for each incoming request (a public API, published before the server's
// 'request' event, so before Next reads anything) writes the socket's address into a header whose
// name is drawn at random per process: no client can send it. instrumentation.ts subscribes at
// boot, in the process that serves the requests. A request that reached the server before that
// (while `next start` was still starting) has no such header and shares one bucket of the rate
// limit with every other request without an address.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

const REQUEST_START = 'http.server.request.start';
const KEY = Symbol.for('karta.stats.socketAddressHeader');
// On globalThis: instrumentation.ts and the route are bundled separately, each with its own copy.
const holder = globalThis as typeof globalThis & { [KEY]?: string };

interface RequestStart {
  request: IncomingMessage;
  socket: Socket;
}

/** From now on, every request this process serves carries its socket's address. */
export function recordSocketAddresses(): void {
  if (holder[KEY]) return;
  const header = `x-karta-socket-${randomBytes(12).toString('hex')}`;
  subscribe(REQUEST_START, (message) => {
    const { request, socket } = message as RequestStart;
    // Overwritten, never appended to: a header of that name from the client (if it guessed) goes.
    if (socket.remoteAddress) request.headers[header] = socket.remoteAddress;
    else delete request.headers[header];
  });
  holder[KEY] = header;
}

/** The socket's address of the request with these headers; null before recordSocketAddresses. */
export function socketAddress(headers: Headers): string | null {
  const header = holder[KEY];
  return header ? headers.get(header) : null;
}
