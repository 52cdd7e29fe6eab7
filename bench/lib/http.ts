// Raw HTTP GETs that report the bytes on the wire (Node's fetch would decode them silently).
import http from 'node:http';
import zlib from 'node:zlib';

export interface RawResponse {
  status: number;
  /** Bytes of the body as transferred. */
  wireBytes: number;
  /** The decoded body. */
  body: Buffer;
}

const DECODE: Record<string, (wire: Buffer) => Buffer> = {
  gzip: zlib.gunzipSync,
  br: zlib.brotliDecompressSync,
  deflate: zlib.inflateSync,
};

/** GET, redirects not followed (nothing measured here redirects). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const decode = DECODE[String(res.headers['content-encoding'] ?? '').toLowerCase()];
        resolve({
          status: res.statusCode ?? 0,
          wireBytes: wire.length,
          body: decode ? decode(wire) : wire,
        });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url}: timed out`)));
    req.on('error', reject);
  });
}
