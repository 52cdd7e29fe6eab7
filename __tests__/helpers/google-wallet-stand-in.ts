// A local stand-in for the two Google endpoints the Wallet channel calls, checking each request as
// Google documents it: OAuth 2.0's token endpoint for a service account
// (developers.google.com/identity/protocols/oauth2/service-account, "HTTP/REST": a form POST of
// grant_type urn:ietf:params:oauth:grant-type:jwt-bearer and an assertion signed RS256 by the
// account's key, with iss, scope, aud, iat and exp of at most an hour later) and the Wallet API's
// genericobject.patch (PATCH /walletobjects/v1/genericObject/{resourceId}, a bearer token it
// issued, a JSON GenericObject). A request that breaks a rule is answered 400 and recorded as a
// problem, which a test expects to be empty. Objects it was not told were saved answer 404, as
// Google does for an object no one saved.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';

export const STAND_IN_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const OBJECT_PATH = /^\/walletobjects\/v1\/genericObject\/([^/?]+)$/;

export interface PatchSeen {
  objectId: string;
  token: string;
  body: Record<string, unknown>;
}

export interface GoogleWalletStandIn {
  origin: string;
  tokenUrl: string;
  /** The assertions' claims, one per token request. */
  tokenRequests: Array<Record<string, unknown>>;
  patches: PatchSeen[];
  /** Broken rules, in words; a test expects none. */
  problems: string[];
  /** Objects an owner has saved: any other answers 404. */
  saved: Set<string>;
  /** An answer to give instead, per object id (403, 503, 429 …). */
  failWith: Map<string, number>;
  /** Makes every token issued so far unknown, as a revoked or expired one is. */
  revokeTokens(): void;
  stop(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startGoogleWalletStandIn(
  publicKeyPem: string,
  clientEmail: string,
): Promise<GoogleWalletStandIn> {
  const key = await importSPKI(publicKeyPem, 'RS256');
  const issued = new Set<string>();
  let tokens = 0;
  const state = {
    tokenRequests: [] as Array<Record<string, unknown>>,
    patches: [] as PatchSeen[],
    problems: [] as string[],
    saved: new Set<string>(),
    failWith: new Map<string, number>(),
  };
  let tokenUrl = '';

  async function token(request: IncomingMessage): Promise<[number, object]> {
    if (request.headers['content-type'] !== 'application/x-www-form-urlencoded') {
      state.problems.push(`token: content-type ${request.headers['content-type']}`);
      return [400, { error: 'invalid_request' }];
    }
    const form = new URLSearchParams(await bodyOf(request));
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      state.problems.push(`token: grant_type ${form.get('grant_type')}`);
      return [400, { error: 'unsupported_grant_type' }];
    }
    try {
      const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', key, {
        issuer: clientEmail,
        audience: tokenUrl,
        algorithms: ['RS256'],
        requiredClaims: ['iat', 'exp', 'scope'],
      });
      const { iat = 0, exp = 0 } = payload;
      if (protectedHeader.typ !== 'JWT') throw new Error(`typ ${protectedHeader.typ}`);
      if (payload.scope !== STAND_IN_SCOPE) throw new Error(`scope ${String(payload.scope)}`);
      if (exp - iat > 3600 || exp <= iat) throw new Error(`exp - iat = ${exp - iat}`);
      state.tokenRequests.push(payload);
    } catch (error) {
      state.problems.push(`token: assertion ${(error as Error).message}`);
      return [400, { error: 'invalid_grant' }];
    }
    const access = `ya29.stand-in-${(tokens += 1)}`;
    issued.add(access);
    return [200, { access_token: access, expires_in: 3599, token_type: 'Bearer' }];
  }

  async function patch(request: IncomingMessage, objectId: string): Promise<[number, object]> {
    const access = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!issued.has(access)) return [401, { error: { code: 401, status: 'UNAUTHENTICATED' } }];
    if (!request.headers['content-type']?.startsWith('application/json')) {
      state.problems.push(`patch: content-type ${request.headers['content-type']}`);
      return [400, { error: { code: 400 } }];
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await bodyOf(request)) as Record<string, unknown>;
    } catch {
      state.problems.push('patch: a body that is not JSON');
      return [400, { error: { code: 400 } }];
    }
    // The body's id, when it has one, is the path's (Google refuses a mismatch).
    if (body.id !== undefined && body.id !== objectId) {
      state.problems.push(`patch: body id ${String(body.id)} on ${objectId}`);
      return [400, { error: { code: 400 } }];
    }
    state.patches.push({ objectId, token: access, body });
    const failure = state.failWith.get(objectId);
    if (failure) return [failure, { error: { code: failure } }];
    if (!state.saved.has(objectId)) return [404, { error: { code: 404, status: 'NOT_FOUND' } }];
    return [200, body];
  }

  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const objectId = OBJECT_PATH.exec(path)?.[1];
    const handled: Promise<[number, object]> =
      request.method === 'POST' && path === '/token'
        ? token(request)
        : request.method === 'PATCH' && objectId
          ? patch(request, decodeURIComponent(objectId))
          : Promise.resolve([404, { error: 'no such endpoint' }]);
    handled
      .catch((error: Error): [number, object] => {
        state.problems.push(`${request.method} ${path}: ${error.message}`);
        return [500, {}];
      })
      .then(([status, body]) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tokenUrl = `${origin}/token`;
  return {
    origin,
    tokenUrl,
    ...state,
    revokeTokens: () => issued.clear(),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
