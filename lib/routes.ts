// The one place that says where a card lives: its page, its vCard, its canonical URL, and the
// paths a revalidation of that card must cover.
import { env } from './env';

export function profilePath(username: string): string {
  return `/${encodeURIComponent(username)}`;
}

export function vcardPath(username: string): string {
  return `${profilePath(username)}/vcard`;
}

/** The card's public address, as links, QR codes and search engines should have it. */
export function cardUrl(username: string): string {
  return new URL(profilePath(username), env.siteUrl).href;
}

/** Everything rendered from one profile, each regenerated when that profile changes. */
export function cardPaths(username: string): string[] {
  return [profilePath(username), vcardPath(username)];
}
