import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { cardTagHeaders } from '@/server/cdn/tags';
import { cardTag } from '@/lib/routes';
import { config, proxy } from '@/proxy';

const GREEK = 'μαρία';
const GREEK_PATH = '/%CE%BC%CE%B1%CF%81%CE%AF%CE%B1';

const runsProxy = (url: string) => unstable_doesMiddlewareMatch({ config, url });

function proxied(pathname: string) {
  return proxy(new NextRequest(new URL(pathname, 'http://karta.test')));
}

test("a card's tag headers: both spellings, percent-encoded as cardTag() has it", () => {
  expect(cardTagHeaders('maria')).toEqual({
    'Surrogate-Key': 'card-maria',
    'Cache-Tag': 'card-maria',
  });
  expect(cardTagHeaders(GREEK)).toEqual({
    'Surrogate-Key': `card-${GREEK_PATH.slice(1)}`,
    'Cache-Tag': `card-${GREEK_PATH.slice(1)}`,
  });
  expect(cardTagHeaders(GREEK)['Cache-Tag']).toBe(cardTag(GREEK));
});

describe('the proxy runs only where a path can be malformed', () => {
  test.each([
    '/maria',
    '/maria/vcard',
    '/maria/qr.svg',
    '/',
    '/_next/static/chunks/app.js',
    '/api/revalidate',
    '/demo/maria.jpg',
    '/favicon.ico',
  ])('%s never reaches it', (pathname) => {
    expect(runsProxy(pathname)).toBe(false);
  });

  test.each([GREEK_PATH, `${GREEK_PATH}/vcard`, '/_next/static/%41.js', '/maria/x%41'])(
    '%s reaches it for its %%, and goes on to the route untouched',
    async (pathname) => {
      expect(runsProxy(pathname)).toBe(true);
      const response = await proxied(pathname);
      expect(response.status).toBe(200);
      // NextResponse.next(): Next serves the route as it is.
      expect(response.headers.get('x-middleware-next')).toBe('1');
      expect(response.headers.get('surrogate-key')).toBeNull();
    },
  );
});

test('a malformed percent-encoding is the 404 page, untagged', async () => {
  expect(runsProxy('/%E0%A4%A')).toBe(true);
  const response = await proxied('/%E0%A4%A');
  expect(response.status).toBe(404);
  expect(response.headers.get('surrogate-key')).toBeNull();
  expect(await response.text()).toContain('Not Found');
});
