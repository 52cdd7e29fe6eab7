// Raw HTTP GETs that report the bytes on the wire (Node's fetch would decode them silently).
import http from 'node:http';
import zlib from 'node:zlib';

export interface RawResponse {
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Content-Encoding of the body as sent (e.g. 'gzip'), or '' for identity. */
  encoding: string;
  /** Bytes of the body as transferred. */
  wireBytes: number;
  /** The decoded body. */
  body: Buffer;
}

function getOnce(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
        let body = wire;
        if (encoding === 'gzip') body = zlib.gunzipSync(wire);
        else if (encoding === 'br') body = zlib.brotliDecompressSync(wire);
        else if (encoding === 'deflate') body = zlib.inflateSync(wire);
        resolve({
          url,
          status: res.statusCode ?? 0,
          headers: res.headers,
          encoding,
          wireBytes: wire.length,
          body,
        });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url}: timed out`)));
    req.on('error', reject);
  });
}

/** GET following redirects (the request headers are kept on every hop). */
export async function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  let current = url;
  for (let hop = 0; hop < 10; hop++) {
    const res = await getOnce(current, headers);
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location) {
      current = new URL(location, current).href;
      continue;
    }
    return res;
  }
  throw new Error(`GET ${url}: too many redirects`);
}
