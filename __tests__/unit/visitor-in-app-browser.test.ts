import { chromeIntentUrl, detectInAppBrowser } from '@/lib/in-app-browser';
import { BROWSER_AGENTS, IN_APP_AGENTS } from '../fixtures/user-agents';

test.each(IN_APP_AGENTS)('%s is an in-app browser', (_, app, platform, userAgent) => {
  expect(detectInAppBrowser(userAgent)).toEqual({ app, platform });
});

test.each(BROWSER_AGENTS)('%s is a browser of its own', (_, userAgent) => {
  expect(detectInAppBrowser(userAgent)).toBeNull();
});

test('the Chrome intent opens the same address, with the address itself as the fallback', () => {
  expect(chromeIntentUrl('https://karta.example/%CE%BC%CE%B1%CF%81%CE%AF%CE%B1?a=1')).toBe(
    'intent://karta.example/%CE%BC%CE%B1%CF%81%CE%AF%CE%B1?a=1#Intent;scheme=https;' +
      'package=com.android.chrome;S.browser_fallback_url=' +
      encodeURIComponent('https://karta.example/%CE%BC%CE%B1%CF%81%CE%AF%CE%B1?a=1') +
      ';end',
  );
  expect(chromeIntentUrl('http://127.0.0.1:3000/maria')).toMatch(
    /^intent:\/\/127\.0\.0\.1:3000\/maria#Intent;scheme=http;/,
  );
});
