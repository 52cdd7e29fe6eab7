import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { cardTagHeaders } from '@/server/cdn/tags';
import { cardTag, companyTag } from '@/lib/routes';
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

test("a member card's answers carry its company's tag beside its own, in each spelling", () => {
  expect(cardTagHeaders('kostas', 'studio-fos')).toEqual({
    'Surrogate-Key': `card-kostas ${companyTag('studio-fos')}`,
    'Cache-Tag': `card-kostas,${companyTag('studio-fos')}`,
  });
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

  test.each([GREEK_PATH, `${GREEK_PATH}/vcard`, '/_next/static/%41.js', '/maria/x%2541'])(
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

describe("another spelling of a card's address is sent to its one spelling, untagged", () => {
  test.each([
    ['/m%61ria', '/maria'],
    ['/maria/vc%61rd', '/maria/vcard'],
    ['/m%61ria/qr.svg?src=qr', '/maria/qr.svg?src=qr'],
    [GREEK_PATH.toLowerCase(), GREEK_PATH],
    [`${GREEK_PATH.toLowerCase()}/vcard`, `${GREEK_PATH}/vcard`],
  ])('%s → 308 %s', async (pathname, canonical) => {
    expect(runsProxy(pathname)).toBe(true);
    for (const method of ['GET', 'HEAD']) {
      const response = await proxy(
        new NextRequest(new URL(pathname, 'http://karta.test'), { method }),
      );
      expect(response.status).toBe(308);
      expect(response.headers.get('location')).toBe(`http://karta.test${canonical}`);
      expect(response.headers.get('surrogate-key')).toBeNull();
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  test.each(['/api/owner/cards/m%61ria', '/_next/static/%41.js'])(
    "%s, karta's endpoints and the framework's files, keep their spelling",
    async (pathname) => {
      expect((await proxied(pathname)).headers.get('x-middleware-next')).toBe('1');
    },
  );

  test('a write is never redirected', async () => {
    const request = new NextRequest(new URL('/m%61ria', 'http://karta.test'), { method: 'POST' });
    expect((await proxy(request)).headers.get('x-middleware-next')).toBe('1');
  });
});

test('a malformed percent-encoding is the 404 page, untagged', async () => {
  expect(runsProxy('/%E0%A4%A')).toBe(true);
  const response = await proxied('/%E0%A4%A');
  expect(response.status).toBe(404);
  expect(response.headers.get('surrogate-key')).toBeNull();
  expect(await response.text()).toContain('Not Found');
});
