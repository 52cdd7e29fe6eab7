// The security headers of every response, in one module: next.config.ts sets the shared ones and
// the pages' Content-Security-Policy on every path, and the card route (app/[username]/route.ts)
// answers with the card's own, stricter policy, which is stored with its ISR entry
// (docs/deployment.md). Pure functions of the NEXT_PUBLIC_ variables the build was made with.
import { createHash } from 'node:crypto';
import { CARD_LANGUAGES, DEFAULT_LANGUAGE } from '../lib/routes';

type Source = Record<string, string | undefined>;

export interface Header {
  key: string;
  value: string;
}

/** Sent with every response, whatever it is. */
export const SHARED_SECURITY_HEADERS: readonly Header[] = [
  // No answer is ever read as another type than it says (a vCard or a QR code as a script).
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // Other sites learn the origin a visitor came from, never the path.
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // No page is shown in another site's frame (the CSP's frame-ancestors says the same to
  // browsers that read it; this one is for those that do not).
  { key: 'X-Frame-Options', value: 'DENY' },
];

export const CSP_HEADER = 'Content-Security-Policy';

const FIRESTORE = 'https://firestore.googleapis.com';
/** Firebase Auth's sign-in and token refresh: the console only. */
const AUTH_HOSTS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
/** App Check with reCAPTCHA Enterprise: its script, its frame and its token exchange. */
const RECAPTCHA_SCRIPT_HOSTS = [
  'https://www.google.com/recaptcha/',
  'https://www.gstatic.com/recaptcha/',
];
const RECAPTCHA_FRAME_HOSTS = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
];
const APP_CHECK_HOSTS = ['https://content-firebaseappcheck.googleapis.com'];
/**
 * Sign-in with Google (the console only): Firebase's popup code loads Google's script loader and,
 * with it, a frame of the project's auth domain (the Auth emulator's origin, locally) that hears
 * from the sign-in window.
 */
const GOOGLE_SIGN_IN_SCRIPT_HOSTS = ['https://apis.google.com'];

/** An emulator's host:port as the browser's SDK reaches it (over plain http). */
function emulatorOrigin(hostPort: string | undefined): string[] {
  return hostPort ? [`http://${hostPort}`] : [];
}

function appCheck(source: Source): boolean {
  return Boolean(source.NEXT_PUBLIC_RECAPTCHA_ENTERPRISE_SITE_KEY);
}

/** The frames a page may show: Google sign-in's (pages only), App Check's; else none. */
function frameSources(source: Source, { auth }: { auth: boolean }): string[] {
  const domain = source.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN;
  const frames = [
    ...(auth && domain ? [`https://${domain}`] : []),
    ...(auth ? emulatorOrigin(source.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST) : []),
    ...(appCheck(source) ? RECAPTCHA_FRAME_HOSTS : []),
  ];
  return frames.length > 0 ? frames : ["'none'"];
}

function serialise(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** What every policy says besides its sources: nothing frames, embeds or re-bases a page. */
const LOCKED = {
  'base-uri': ["'none'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/** Where a page's scripts may connect: Firestore (or its emulator), and App Check when used. */
function connectSources(source: Source, { auth }: { auth: boolean }): string[] {
  return [
    "'self'",
    FIRESTORE,
    ...emulatorOrigin(source.NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST),
    ...(auth
      ? [...AUTH_HOSTS, ...emulatorOrigin(source.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST)]
      : []),
    ...(appCheck(source) ? [...APP_CHECK_HOSTS, ...RECAPTCHA_SCRIPT_HOSTS] : []),
  ];
}

/** The console's images: the site's own, Firebase Storage's or any https host; previews as data. */
const IMAGE_SOURCES = ["'self'", 'data:', 'blob:', 'https:'];
/** The card names images on its own origin only (components/card/Photo.tsx, lib/links.ts). */
const CARD_IMAGE_SOURCES = ["'self'", 'data:'];

/**
 * The policy of the pages Next renders (/, /account, /privacy, the error pages) and of every other
 * answer that is not a card. Next's pages hydrate from inline scripts it writes without a nonce
 * unless every page is rendered per request (a nonce needs the proxy and dynamic rendering, which
 * would end the static pages), so scripts may be inline here; they may come from nowhere else but
 * this origin, Google's sign-in loader, and reCAPTCHA's when App Check is on. The console's Auth and Firestore SDKs
 * connect to Google's APIs, or to the emulators the build was made for. `next dev` needs eval.
 */
export function pageCsp(source: Source, { dev = false }: { dev?: boolean } = {}): string {
  return serialise({
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      "'unsafe-inline'",
      ...(dev ? ["'unsafe-eval'"] : []),
      ...GOOGLE_SIGN_IN_SCRIPT_HOSTS,
      ...(appCheck(source) ? RECAPTCHA_SCRIPT_HOSTS : []),
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': IMAGE_SOURCES,
    'font-src': ["'self'"],
    'connect-src': [
      ...connectSources(source, { auth: true }),
      // The console turns its QR code's data: URL into a file to download with fetch().
      'data:',
      // The dev server's hot reload.
      ...(dev ? ['ws:'] : []),
    ],
    'frame-src': frameSources(source, { auth: true }),
    'worker-src': ["'self'", 'blob:'],
    ...LOCKED,
  });
}

/** The segments after a card's name that are the card in another language: `en` (/maria/en). */
const LANGUAGE_SEGMENTS = CARD_LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE).join('|');

/**
 * The paths next.config.ts gives the pages' CSP: every one but a card, in any of its languages
 * (app/[username]/route.ts and en/route.ts send the card's CSP, and a header set by the config
 * would replace it), except the pages and files that live at a single segment.
 */
export const PAGE_CSP_PATHS = [
  '/',
  '/account',
  '/privacy',
  '/:file(favicon\\.ico|icon\\.png|apple-icon\\.png)',
  `/:first/:rest((?!(?:${LANGUAGE_SEGMENTS})/?$).+)`,
];

/**
 * The text React's static renderer writes inside a <script> or <style>: it escapes `<script` and
 * `</script` (`<style`, `</style`) so that nothing in the text can close the element early; a
 * hash must be of exactly those characters.
 */
export function inlineScriptText(text: string): string {
  return text.replace(
    /(<\/|<)(s)(cript)/gi,
    (_m, prefix: string, s: string, suffix: string) =>
      `${prefix}${s === 's' ? '\\u0073' : '\\u0053'}${suffix}`,
  );
}

export function inlineStyleText(text: string): string {
  return text.replace(
    /(<\/|<)(s)(tyle)/gi,
    (_m, prefix: string, s: string, suffix: string) =>
      `${prefix}${s === 's' ? '\\73 ' : '\\53 '}${suffix}`,
  );
}

/** A CSP hash source: 'sha256-…' of the element's text, as UTF-8. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** What of the card's assets (tools/card-assets/manifest.ts) its HTML inlines. */
export interface CardInlineAssets {
  css: string;
  enhance: string;
}

/**
 * The card's policy: its one inline script and one inline stylesheet by their hashes, everything
 * else from this origin (the exchange sheet's modules and stylesheet in /_karta/, the photo
 * through /_next/image, the icons). The sheet's React and motion set style attributes, which
 * only 'unsafe-inline' in style-src-attr allows; <style> elements stay limited to the hash. The
 * JSON-LD block is data (type application/ld+json), which script-src does not govern.
 */
export function cardCsp(assets: CardInlineAssets, source: Source): string {
  return serialise({
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      cspHash(inlineScriptText(assets.enhance)),
      ...(appCheck(source) ? RECAPTCHA_SCRIPT_HOSTS : []),
    ],
    'style-src-elem': ["'self'", cspHash(inlineStyleText(assets.css))],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': CARD_IMAGE_SOURCES,
    'font-src': ["'self'"],
    'connect-src': connectSources(source, { auth: false }),
    'frame-src': frameSources(source, { auth: false }),
    ...LOCKED,
  });
}

/**
 * The variables the policies read, each written out so that Next inlines it into the build the
 * way it does into the browser's bundles: a policy allows what the scripts were built to reach.
 */
export function builtSecurityEnv(): Source {
  return {
    NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: process.env.NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST,
    NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST,
    NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN,
    NEXT_PUBLIC_RECAPTCHA_ENTERPRISE_SITE_KEY:
      process.env.NEXT_PUBLIC_RECAPTCHA_ENTERPRISE_SITE_KEY,
  };
}
