import { isKnownBot } from '@/server/stats/bots';
import { BROWSER_AGENTS, IN_APP_AGENTS } from '../fixtures/user-agents';

// Link previewers and crawlers as they announce themselves.
const BOTS: Array<[string, string]> = [
  ['WhatsApp', 'WhatsApp/2.23.20.0 A'],
  [
    'facebookexternalhit',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  ],
  ['Facebot', 'Facebot'],
  ['Slackbot', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
  ['Twitterbot', 'Twitterbot/1.0'],
  ['TelegramBot', 'TelegramBot (like TwitterBot)'],
  ['Discordbot', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
  [
    'LinkedInBot',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  ],
  ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  [
    'Googlebot smartphone',
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  ],
  ['bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
  [
    'Applebot',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  ],
  [
    'headless Chrome',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
  ],
  ['curl', 'curl/8.5.0'],
  ['python-requests', 'python-requests/2.31.0'],
];

test.each(BOTS)('%s counts nothing', (_, userAgent) => {
  expect(isKnownBot(userAgent)).toBe(true);
});

test('no user agent counts nothing: every browser sends one with a beacon', () => {
  expect(isKnownBot(null)).toBe(true);
  expect(isKnownBot('')).toBe(true);
  expect(isKnownBot('  ')).toBe(true);
});

test.each(IN_APP_AGENTS.map(([label, , , userAgent]) => [label, userAgent]))(
  'the in-app browser of %s counts',
  (_, userAgent) => {
    expect(isKnownBot(userAgent)).toBe(false);
  },
);

test.each(BROWSER_AGENTS.filter(([label]) => !label.startsWith('Headless')))(
  '%s counts',
  (_, userAgent) => {
    expect(isKnownBot(userAgent)).toBe(false);
  },
);

test("Viber's in-app browser counts: Viber is not matched by name", () => {
  expect(
    isKnownBot(
      'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.43 Mobile Safari/537.36 Viber/21.0.1.0',
    ),
  ).toBe(false);
});
