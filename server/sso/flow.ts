// The company sign-in itself: OpenID Connect's authorization code flow with PKCE, `state` and
// `nonce` (openid-client), from /api/auth/oidc/start to the provider and back to
// /api/auth/oidc/callback, which opens the karta account of the verified address and hands the
// browser a Firebase custom token at /account.
//
// What a sign-in under way keeps: signInStates/{sha256 of state} (its company, nonce and PKCE
// verifier, ten minutes), deleted in the transaction that reads it, so a replayed state finds
// nothing; and the state itself in an httpOnly, SameSite=Lax cookie scoped to the callback, so
// that a callback URL sent to someone else's browser opens nothing there.
import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import * as client from 'openid-client';
import { signInStatePath } from '../../lib/collections';
import {
  COMPANY_SIGN_IN_PATHS,
  SIGN_IN_ERROR_PARAM,
  SIGN_IN_TOKEN_PARAM,
  emailDomain,
  type CompanySignInError,
} from '../../lib/company-sign-in';
import { env } from '../../lib/env';
import { ACCOUNT_PATH } from '../../lib/routes';
import { adminDb } from '../firebase/admin-app';
import { companySignIn } from './config';
import { DisabledAccount, customTokenFor } from './firebase-account';
import { discoverProvider } from './provider';
import { readDomainSignIn } from './require';

/** Time enough to sign in at the provider, a second factor included. */
const STATE_TTL_MS = 10 * 60_000;
const STATE_COOKIE = 'karta-sso-state';
const SCOPE = 'openid email profile';

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

function stateCookie(origin: string, state: string, maxAgeS: number): string {
  const secure = origin.startsWith('https:') ? '; Secure' : '';
  return `${STATE_COOKIE}=${state}; Path=${COMPANY_SIGN_IN_PATHS.callback}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${secure}`;
}

function redirect(location: string, cookie?: string): Response {
  return new Response(null, {
    status: 303,
    headers: {
      location,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      ...(cookie ? { 'set-cookie': cookie } : {}),
    },
  });
}

/** Back to /account with why the sign-in failed (lib/company-sign-in.ts says it in Greek). */
function failed(origin: string, code: CompanySignInError | 'no-company'): Response {
  const url = new URL(ACCOUNT_PATH, origin);
  url.searchParams.set(SIGN_IN_ERROR_PARAM, code);
  return redirect(url.href, stateCookie(origin, '', 0));
}

const callbackUrl = (origin: string) => new URL(COMPANY_SIGN_IN_PATHS.callback, origin);

/**
 * The site's public origin: the provider sends people back there (the one redirect URI an admin
 * registers), and Next's request.url names localhost whatever host was asked for.
 */
const siteOrigin = () => env.siteUrl.origin;

/** Marks a start already moved to the site's host: a proxy that renames the host never loops it. */
const MOVED_PARAM = 'moved';

/**
 * A start asked on another host than the site's (the same server as 127.0.0.1, say) moves to the
 * site's first, so that the state's cookie is set where the provider sends the browser back.
 */
function onOtherHost(request: Request): Response | undefined {
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  const url = new URL(request.url);
  if (!host || host === env.siteUrl.host || url.searchParams.has(MOVED_PARAM)) return undefined;
  url.searchParams.set(MOVED_PARAM, '1');
  return redirect(new URL(`${url.pathname}${url.search}`, env.siteUrl).href);
}

/**
 * GET /api/auth/oidc/start?company={domain}[&email=]: to the provider of the company that signs in
 * that domain, or back to /account.
 */
export async function startCompanySignIn(request: Request, now = Date.now()): Promise<Response> {
  const moved = onOtherHost(request);
  if (moved) return moved;
  const url = new URL(request.url);
  const origin = siteOrigin();
  const domain = emailDomain(`x@${url.searchParams.get('company') ?? ''}`);
  const found = domain ? await readDomainSignIn(domain) : undefined;
  const signIn = found && (await companySignIn(found.companyId));
  if (!signIn) return failed(origin, 'no-company');
  let config: client.Configuration;
  try {
    config = await discoverProvider(signIn);
  } catch {
    return failed(origin, 'failed');
  }
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  await adminDb()
    .doc(signInStatePath(hashOf(state)))
    .set({
      companyId: signIn.companyId,
      nonce,
      verifier,
      // A Timestamp, so that a Firestore TTL policy on it can sweep the abandoned ones.
      expiresAt: Timestamp.fromMillis(now + STATE_TTL_MS),
    });
  const email = url.searchParams.get('email');
  const authorization = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(origin).href,
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...(email && emailDomain(email) === domain ? { login_hint: email.trim() } : {}),
  });
  return redirect(authorization.href, stateCookie(origin, state, STATE_TTL_MS / 1000));
}

function cookieOf(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

function sameText(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

interface PendingSignIn {
  companyId: string;
  nonce: string;
  verifier: string;
}

/** The sign-in `state` started, used up now: undefined if it never was, was used, or expired. */
async function takeState(state: string, now: number): Promise<PendingSignIn | undefined> {
  const db = adminDb();
  const ref = db.doc(signInStatePath(hashOf(state)));
  return db.runTransaction(async (tx) => {
    const doc = await tx.get(ref);
    if (!doc.exists) return undefined;
    tx.delete(ref);
    const expiresAt: unknown = doc.get('expiresAt');
    if (!(expiresAt instanceof Timestamp) || expiresAt.toMillis() <= now) return undefined;
    const [companyId, nonce, verifier]: unknown[] = [
      doc.get('companyId'),
      doc.get('nonce'),
      doc.get('verifier'),
    ];
    return typeof companyId === 'string' &&
      typeof nonce === 'string' &&
      typeof verifier === 'string'
      ? { companyId, nonce, verifier }
      : undefined;
  });
}

/** Why the provider's answer opens no account, or the verified address it is for. */
async function verifiedEmail(
  request: Request,
  pending: PendingSignIn,
  state: string,
): Promise<{ email: string } | { error: CompanySignInError }> {
  const { search } = new URL(request.url);
  const signIn = await companySignIn(pending.companyId);
  if (!signIn) return { error: 'failed' };
  let claims: client.IDToken | undefined;
  try {
    const config = await discoverProvider(signIn);
    // openid-client checks the ID token: its signature, issuer, audience (this client), expiry,
    // nonce, and the code's PKCE and state.
    const tokens = await client.authorizationCodeGrant(
      config,
      new URL(`${callbackUrl(siteOrigin()).href}${search}`),
      {
        pkceCodeVerifier: pending.verifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      },
    );
    claims = tokens.claims();
  } catch (error) {
    console.info(`Company sign-in refused (${pending.companyId}):`, String(error));
    return { error: 'refused' };
  }
  if (claims?.email_verified !== true || typeof claims.email !== 'string') {
    return { error: 'unverified' };
  }
  const domain = emailDomain(claims.email);
  if (!domain || !signIn.domains.includes(domain)) return { error: 'other-domain' };
  return { email: claims.email.trim().toLowerCase() };
}

/** GET /api/auth/oidc/callback: the provider's answer, to /account signed in or with the reason. */
export async function finishCompanySignIn(request: Request, now = Date.now()): Promise<Response> {
  const { searchParams } = new URL(request.url);
  const origin = siteOrigin();
  const state = searchParams.get('state') ?? '';
  const kept = cookieOf(request, STATE_COOKIE) ?? '';
  if (!state || !kept || !sameText(state, kept)) return failed(origin, 'expired');
  const pending = await takeState(state, now);
  if (!pending) return failed(origin, 'expired');
  const verified = await verifiedEmail(request, pending, state);
  if ('error' in verified) return failed(origin, verified.error);
  let token: string;
  try {
    token = await customTokenFor(verified.email);
  } catch (error) {
    if (error instanceof DisabledAccount) return failed(origin, 'disabled');
    throw error;
  }
  const account = new URL(ACCOUNT_PATH, origin);
  account.hash = `${SIGN_IN_TOKEN_PARAM}=${encodeURIComponent(token)}`;
  return redirect(account.href, stateCookie(origin, '', 0));
}
