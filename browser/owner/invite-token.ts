// The invitation a link to the console carries (`/account?invite=…`, lib/routes.ts INVITE_PARAM),
// kept in this tab's session storage while its owner signs in, signs up and verifies the address,
// and taken off the address bar so that a reload or a shared screenshot does not repeat it.
import { INVITE_PARAM } from '../../lib/routes';

const KEY = 'karta:invite';

/** The invitation of this tab: the address bar's (kept from now on), or the one kept earlier. */
export function takeInvite(
  location: Location = window.location,
  storage: Storage = window.sessionStorage,
  history: History = window.history,
): string | null {
  const url = new URL(location.href);
  const token = url.searchParams.get(INVITE_PARAM);
  if (token) {
    storage.setItem(KEY, token);
    url.searchParams.delete(INVITE_PARAM);
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return token;
  }
  return storage.getItem(KEY);
}

/** The invitation kept in this tab, if any. */
export function keptInvite(storage: Storage = window.sessionStorage): string | null {
  return storage.getItem(KEY);
}

/** Accepted, refused for good, or set aside by the owner: the console no longer offers it. */
export function dropInvite(storage: Storage = window.sessionStorage): void {
  storage.removeItem(KEY);
}

const SET_ASIDE_KEY = 'karta:invites-set-aside';

/** The pending invitations (`companyId/inviteId`) set aside with «Όχι τώρα» in this tab. */
export function setAsideInvites(storage: Storage = window.sessionStorage): Set<string> {
  const kept: unknown = JSON.parse(storage.getItem(SET_ASIDE_KEY) ?? '[]');
  return new Set(Array.isArray(kept) ? kept.filter((id) => typeof id === 'string') : []);
}

/** Not offered again in this tab: the person said «Όχι τώρα». */
export function setAsideInvite(id: string, storage: Storage = window.sessionStorage): void {
  storage.setItem(SET_ASIDE_KEY, JSON.stringify([...setAsideInvites(storage), id]));
}
