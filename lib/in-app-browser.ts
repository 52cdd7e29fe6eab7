// Recognising the in-app browsers of social and chat apps, in which saving a contact fails
// silently: on iOS they fetch a .vcf but never hand it to Contacts, and on Android Instagram's and
// Facebook's block downloads. Tokens from the apps' own user agents (see the tests' table).

export type Platform = 'android' | 'ios' | 'other';

export interface InAppBrowser {
  /** The app's name, or null for an unnamed iOS web view. */
  app: string | null;
  platform: Platform;
}

// Messenger before Facebook: Messenger's agents carry Facebook's FBAN/FB_IAB tokens too.
const APPS: Array<[string, RegExp]> = [
  ['Instagram', /\bInstagram\b/],
  ['Messenger', /FBAN\/Messenger|FB_IAB\/Orca-Android/],
  ['Facebook', /\bFBAN\/|\bFBAV\/|\bFB_IAB\//],
  ['LinkedIn', /LinkedInApp/],
  ['TikTok', /musical_ly|BytedanceWebview|\bTikTok\b/],
  ['Snapchat', /\bSnapchat\//],
  ['X', /TwitterAndroid|Twitter for iP(?:hone|ad)/],
];

const IOS = /\b(?:iPhone|iPad|iPod)\b/;

function platformOf(userAgent: string): Platform {
  if (/\bAndroid\b/.test(userAgent)) return 'android';
  if (IOS.test(userAgent)) return 'ios';
  return 'other';
}

/** The in-app browser `userAgent` belongs to, or null for a browser of its own. */
export function detectInAppBrowser(userAgent: string): InAppBrowser | null {
  const platform = platformOf(userAgent);
  const known = APPS.find(([, token]) => token.test(userAgent));
  if (known) return { app: known[0], platform };
  // Every iOS browser (Safari, Chrome, Firefox, Edge…) and Safari's view inside other apps say
  // Safari/; a bare WKWebView inside an app does not.
  if (platform === 'ios' && /AppleWebKit\//.test(userAgent) && !/\bSafari\//.test(userAgent)) {
    return { app: null, platform };
  }
  return null;
}

/**
 * An Android intent link that opens `url` in Chrome; where Chrome is missing, Android follows the
 * fallback URL in the system's default way.
 */
export function chromeIntentUrl(url: string): string {
  const { protocol, host, pathname, search } = new URL(url);
  const fallback = encodeURIComponent(url);
  return (
    `intent://${host}${pathname}${search}#Intent;scheme=${protocol.slice(0, -1)};` +
    `package=com.android.chrome;S.browser_fallback_url=${fallback};end`
  );
}
