// The sign-in screen's side of the company sign-in (server/sso/): asking karta whether an address
// signs in with its company's account, going there (a navigation, not a fetch: the browser talks
// only to karta and to the provider's own pages), and, back at /account, signing in with the custom
// token karta handed over, or saying why it failed.
import { signInWithCustomToken } from 'firebase/auth';
import {
  COMPANY_SIGN_IN_PATHS,
  SIGN_IN_ERROR_PARAM,
  SIGN_IN_TOKEN_PARAM,
  companySignInFailure,
  type CompanySignInLookup,
} from '../../lib/company-sign-in';
import { ownerAuth } from './firebase';

export async function lookUpCompanySignIn(email: string): Promise<CompanySignInLookup> {
  const res = await fetch(
    `${COMPANY_SIGN_IN_PATHS.lookup}?${new URLSearchParams({ email: email.trim() })}`,
    { cache: 'no-store' },
  );
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as CompanySignInLookup;
}

/** To the company's provider, through karta's start of the flow. */
export function goToCompanySignIn(start: string): void {
  window.location.assign(start);
}

export type CompanySignInReturn = { token: string } | { failure: string };

let taken: { value: CompanySignInReturn | undefined } | undefined;

/**
 * What the callback left in this page's address, taken out of it at once (the token must not stay
 * in the history, nor the failure be told again on a reload); undefined when there is nothing.
 * The same answer on every call during the page's life (React may render a screen twice).
 */
export function takeCompanySignInReturn(): CompanySignInReturn | undefined {
  taken ??= { value: readReturn() };
  return taken.value;
}

/** Once used, it is gone: a later sign-in screen (after signing out) starts afresh. */
export function forgetCompanySignInReturn(): void {
  taken = { value: undefined };
}

function readReturn(): CompanySignInReturn | undefined {
  const url = new URL(window.location.href);
  const token = new URLSearchParams(url.hash.slice(1)).get(SIGN_IN_TOKEN_PARAM);
  const error = url.searchParams.get(SIGN_IN_ERROR_PARAM);
  if (token === null && error === null) return undefined;
  url.hash = '';
  url.searchParams.delete(SIGN_IN_ERROR_PARAM);
  window.history.replaceState(window.history.state, '', url.pathname + url.search);
  return token !== null ? { token } : { failure: companySignInFailure(error ?? '') };
}

/** Signs in with karta's custom token; the console's auth listener moves on from there. */
export async function finishCompanySignIn(token: string): Promise<void> {
  await signInWithCustomToken(ownerAuth(), token);
}
