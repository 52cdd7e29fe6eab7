import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { cardTagHeaders, cardUsernameFromPath } from '@/lib/cdn/tags';
import { cardTag } from '@/lib/routes';
import { config, proxy } from '@/proxy';

const GREEK = 'μαρία';
const GREEK_PATH = '/%CE%BC%CE%B1%CF%81%CE%AF%CE%B1';

const runsProxy = (url: string) => unstable_doesMiddlewareMatch({ config, url });

function proxied(pathname: string) {
  return proxy(new NextRequest(new URL(pathname, 'http://karta.test')));
}

describe('the proxy tags every card response with the card tag', () => {
  test.each([
    ['/maria', 'maria'],
    ['/maria/vcard', 'maria'],
    ['/maria/qr.svg', 'maria'],
    ['/maria?_rsc=abc', 'maria'],
    [GREEK_PATH, GREEK],
    [`${GREEK_PATH}/vcard`, GREEK],
    [`${GREEK_PATH}/qr.svg`, GREEK],
    [GREEK_PATH.toLowerCase(), GREEK],
    ['/%252F', '%2F'],
    ['/nobody-yet', 'nobody-yet'],
  ])('%s → cardTag(%j) in Surrogate-Key and Cache-Tag', (pathname, username) => {
    expect(runsProxy(pathname)).toBe(true);
    const response = proxied(pathname);
    expect(response.status).toBe(200);
    // NextResponse.next(): Next serves the route, with these headers added.
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('surrogate-key')).toBe(cardTag(username));
    expect(response.headers.get('cache-tag')).toBe(cardTag(username));
  });

  test('a Greek username gets the same tag however its path is encoded', () => {
    expect(cardUsernameFromPath(GREEK_PATH)).toBe(GREEK);
    expect(cardUsernameFromPath(GREEK_PATH.toLowerCase())).toBe(GREEK);
    expect(cardTagHeaders(GREEK)).toEqual({
      'Surrogate-Key': `card-${GREEK_PATH.slice(1)}`,
      'Cache-Tag': `card-${GREEK_PATH.slice(1)}`,
    });
  });
});

describe('paths that are not a card', () => {
  test.each([
    '/_next/static/chunks/app.js',
    '/_next/image',
    '/_next/vcard',
    '/api/revalidate',
    '/api/vcard',
    '/icons/whatsapp.svg',
    '/icons/vcard',
    '/icons/qr.svg',
    '/demo/maria.jpg',
    '/demo/vcard',
    '/favicon.ico',
    '/icon.png',
    '/apple-icon.png',
    '/',
    '/maria/extra',
    '/maria/vcard/extra',
    '/maria/qr.svg/extra',
    '/maria/qr.png',
    '/maria/qrXsvg',
  ])('%s never reaches the proxy', (pathname) => {
    expect(runsProxy(pathname)).toBe(false);
  });

  test.each(['/_next/static/%41.js', '/api/%41', '/maria/x%41'])(
    '%s reaches it only for its %%, and leaves without tags',
    (pathname) => {
      expect(runsProxy(pathname)).toBe(true);
      const response = proxied(pathname);
      expect(response.headers.get('x-middleware-next')).toBe('1');
      expect(response.headers.get('surrogate-key')).toBeNull();
      expect(response.headers.get('cache-tag')).toBeNull();
    },
  );

  test('an invalid username gets no tag', () => {
    expect(cardUsernameFromPath('/%2E%2E')).toBeNull();
    expect(proxied('/__name__').headers.get('surrogate-key')).toBeNull();
  });
});

test('a malformed percent-encoding is still the 404 page, untagged', async () => {
  expect(runsProxy('/%E0%A4%A')).toBe(true);
  const response = proxied('/%E0%A4%A');
  expect(response.status).toBe(404);
  expect(response.headers.get('surrogate-key')).toBeNull();
  expect(await response.text()).toContain('Not Found');
});
