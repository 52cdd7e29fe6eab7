// A page with nothing to do, for Lighthouse to measure beside the cards: what this machine's
// browser costs any page (committing a navigation, a first layout), which no card can go under.
// Served by a plain HTTP server of its own, so that no part of karta adds to it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const BLANK_PAGE_PATH = '/blank-page';

const HTML =
  '<!DOCTYPE html><html lang="el"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Κενή σελίδα</title><meta name="description" content="Μια σελίδα χωρίς τίποτα.">' +
  '<link rel="icon" href="data:,"></head><body><main><h1>Κενή σελίδα</h1><p>Τίποτα άλλο.</p></main></body></html>';

/** Starts the server on a free loopback port; returns the page's URL and how to stop it. */
export async function startBlankPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.url !== BLANK_PAGE_PATH) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${BLANK_PAGE_PATH}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
