// A visitor's beacon over HTTP from a loopback address of the test's choosing (Linux routes all of
// 127/8 to this machine), so that two visitors are two socket addresses, with or without an
// X-Forwarded-For of their own.
import http from 'node:http';
import { EVENTS_PATH } from '@/lib/stats/events';

export const PHONE =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36';

/** POSTs `body` to `base`'s events endpoint from `from`; resolves with the answer's status. */
export function beaconFrom(
  base: string,
  body: string,
  from: string,
  forwardedFor?: string,
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const request = http.request(
      `${base}${EVENTS_PATH}`,
      {
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'user-agent': PHONE,
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
