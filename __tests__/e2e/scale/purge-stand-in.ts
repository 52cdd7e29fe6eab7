// A stand-in for the CDN's purge API between the origins and Varnish's purge address: it checks
// each request as the Varnish adapter documents it (PURGE, `Surrogate-Key: card-… company-…`),
// counts what it forwards, and refuses every purge (503) while told to.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export class PurgeStandIn {
  refusing = false;
  refused = 0;
  /** The keys of each purge Varnish accepted, in order. */
  accepted: string[] = [];
  /** Requests that were not the documented purge. */
  malformed: string[] = [];
  private target = '';
  private server = http.createServer((req, res) => {
    const keys = req.headers['surrogate-key'];
    req.resume();
    if (
      req.method !== 'PURGE' ||
      req.url !== '/' ||
      typeof keys !== 'string' ||
      !/^(card|company)-\S+( (card|company)-\S+)*$/.test(keys)
    ) {
      this.malformed.push(`${req.method} ${req.url} ${String(keys)}`);
      res.writeHead(400).end();
      return;
    }
    if (this.refusing) {
      this.refused++;
      res.writeHead(503).end('purges refused by the test');
      return;
    }
    const upstream = http.request(
      this.target,
      { method: 'PURGE', headers: { 'surrogate-key': keys } },
      (answer) => {
        if (answer.statusCode === 200) this.accepted.push(keys);
        res.writeHead(answer.statusCode ?? 502);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    upstream.end();
  });

  /** Listens, forwarding to `target`; resolves with its own purge URL. */
  async start(target: string): Promise<string> {
    this.target = target;
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  /** How many accepted purges named this tag. */
  purgesOf(tag: string): number {
    return this.accepted.filter((keys) => keys.split(' ').includes(tag)).length;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
