// Every href built from profile data goes through here: the values are typed by hand in the
// console, so they are untrusted and often sloppy ('www.site.gr', 'site.gr/path').

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// 'localhost:3000' and 'site.gr:8080/x' parse as a scheme followed by a path; they are hosts.
const HOST_WITH_PORT = /^([a-z0-9-]+(?:\.[a-z0-9-]+)*):\d+(?:[/?#]|$)/i;
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

function isPlausibleHost(hostname: string): boolean {
  // A bare word ('hello') typed as a website is a typo, not an intranet host.
  return hostname === 'localhost' || (hostname.includes('.') && !hostname.endsWith('.'));
}

/**
 * The one URL check: an absolute http: or https: URL with a host and no credentials, or
 * undefined. Never throws.
 */
export function parseHttpUrl(candidate: string): URL | undefined {
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    // 'https://www.bank.gr@evil.example' shows one host and links to another.
    if (url.hostname === '' || url.username !== '' || url.password !== '') return undefined;
    return url;
  } catch {
    return undefined;
  }
}

/**
 * Only http: and https: URLs are linkable. 'www.site.gr' or 'site.gr/path' →
 * 'https://www.site.gr/' / 'https://site.gr/path'. 'javascript:alert(1)', 'data:...', 'ftp://...',
 * 'mailto:..', whitespace-only, or strings that URL cannot parse → undefined. Returns the URL's
 * href. Never throws.
 */
export function safeHttpUrl(raw: string | undefined): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  if (text === '') return undefined;

  const hostWithPort = HOST_WITH_PORT.exec(text);
  if (hostWithPort && isPlausibleHost(hostWithPort[1].toLowerCase())) {
    return parseHttpUrl(`https://${text}`)?.href;
  }
  // The scheme is judged by the URL parser, which (like browsers) ignores case and strips tabs
  // and newlines, so 'JaVa\nScript:' cannot slip past as something else.
  if (SCHEME.test(text) || SCHEME.test(text.replace(/[\t\n\r]/g, ''))) {
    return parseHttpUrl(text)?.href;
  }
  // No scheme: a bare host, possibly with a path. '//host' and '/path' are not websites.
  if (text.startsWith('/') || text.startsWith('\\') || INVISIBLE.test(text)) return undefined;
  const url = parseHttpUrl(`https://${text}`);
  if (!url || !isPlausibleHost(url.hostname)) return undefined;
  // The URL parser reads '12' as the IPv4 address 0.0.0.12: a host typed without a scheme must
  // be written out as the parser understood it (a name with a dot, or a full dotted quad).
  const typedHost = text.split(/[/?#:]/)[0].toLowerCase();
  return /^[\d.]+$/.test(url.hostname) && typedHost !== url.hostname ? undefined : url.href;
}

/** For display: 'https://www.site.gr/' → 'www.site.gr', keeps path/query. */
export function displayUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return url;
  const path = parsed.pathname === '/' ? '' : parsed.pathname;
  const shown = `${parsed.host}${path}${parsed.search}${parsed.hash}`;
  // Percent-encoded Greek paths ('/%CE%BC') read better decoded; decodeURI keeps '/', '?', '#'.
  try {
    return decodeURI(shown);
  } catch {
    return shown;
  }
}

// Characters that would end the address and start mailto headers or another address, or that
// have no place in an address typed by hand.
const MAIL_FORBIDDEN = /[\s?&#%,;:<>"()[\]\\/]/u;
const MAX_EMAIL_LENGTH = 254;

/** 'mailto:' + address, percent-encoded; undefined for anything that is not a plain address. */
export function mailtoLink(email: string | undefined): string | undefined {
  if (typeof email !== 'string') return undefined;
  const address = email.trim();
  if (address === '' || address.length > MAX_EMAIL_LENGTH) return undefined;
  if (MAIL_FORBIDDEN.test(address) || INVISIBLE.test(address)) return undefined;
  const parts = address.split('@');
  if (parts.length !== 2) return undefined;
  const [local, domain] = parts;
  if (local === '' || !/^[^.]+(\.[^.]+)+$/u.test(domain)) return undefined;
  return `mailto:${encodeURIComponent(local)}@${encodeURIComponent(domain)}`;
}

const MAPS_SEARCH = 'https://www.google.com/maps/search/?api=1&query=';

/** A Google Maps search for the address, with the details (floor, area) appended when given. */
export function mapsLink(address: string | undefined, details?: string): string | undefined {
  const clean = (value: string | undefined) =>
    typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  const main = clean(address);
  if (main === '') return undefined;
  const extra = clean(details);
  return MAPS_SEARCH + encodeURIComponent(extra === '' ? main : `${main}, ${extra}`);
}

/** Hosts whose images Next's optimiser may fetch for the card (next.config.ts); no others. */
export const OPTIMISED_IMAGE_HOSTS = ['firebasestorage.googleapis.com', 'storage.googleapis.com'];

/** A site-relative path, or an https URL on one of OPTIMISED_IMAGE_HOSTS. */
export function isOptimisedImage(src: string): boolean {
  if (src.startsWith('/')) return true;
  const url = parseHttpUrl(src);
  return url?.protocol === 'https:' && OPTIMISED_IMAGE_HOSTS.includes(url.hostname);
}
