// Two pages with nothing of karta in them, served by a plain HTTP server of their own so that no
// part of karta adds to them:
// - a blank page, for Lighthouse to measure beside the cards: what this machine's browser costs any
//   page (committing a navigation, a first layout), which no card can go under;
// - a page whose contact form is already open with «Όνομα» focused, for the exchange measure
//   (bench/lib/exchange.ts): the same tap and typing there is the driver's own time, which the
//   card's figure is given net of.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const HEAD =
  '<!DOCTYPE html><html lang="el"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">';

const PAGES: Record<string, string> = {
  '/blank-page':
    HEAD +
    '<title>Κενή σελίδα</title><meta name="description" content="Μια σελίδα χωρίς τίποτα.">' +
    '<link rel="icon" href="data:,"></head><body><main><h1>Κενή σελίδα</h1><p>Τίποτα άλλο.</p></main></body></html>',
  // The button keeps focus in the field (mousedown's default would move it), as the card's does.
  '/form-page':
    HEAD +
    '<title>Φόρμα</title><link rel="icon" href="data:,"></head><body>' +
    '<button type="button" data-exchange onmousedown="event.preventDefault()">Ανταλλαγή στοιχείων</button>' +
    '<dialog open><input name="name" aria-label="Όνομα" autofocus></dialog></body></html>',
};

export interface ReferencePages {
  blankUrl: string;
  formUrl: string;
  close: () => Promise<void>;
}

/** Starts the server on a free loopback port; returns the pages' URLs and how to stop it. */
export async function startReferencePages(): Promise<ReferencePages> {
  const server = createServer((req, res) => {
    const html = PAGES[req.url ?? ''];
    if (html === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    blankUrl: `${origin}/blank-page`,
    formUrl: `${origin}/form-page`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
