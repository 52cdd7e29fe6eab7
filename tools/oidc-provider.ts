// A real OpenID provider (oidc-provider, from npm) on a loopback port, for the tests and the demo
// of the company sign-in: a process of its own (tools/lib/oidc-provider.ts starts it), since the
// library is ESM-only. Its development login page takes any password for the accounts it is given
// (OIDC_PROVIDER_CONFIG, JSON: lib/oidc-provider.ts); consent is granted without asking.
//
// Some accounts misbehave on purpose, so that karta's refusals can be tried against real tokens:
// `wrongAudience` gets an ID token signed with the provider's own key but for another client.
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, importJWK } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import type { OidcProviderConfig } from './lib/oidc-provider';

const OTHER_AUDIENCE = 'another-client';
const KEY_ID = 'karta-test-key';

async function main(): Promise<void> {
  const config = JSON.parse(process.env.OIDC_PROVIDER_CONFIG ?? '{}') as OidcProviderConfig;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  const signingKey = await importJWK(jwk, 'RS256');

  const provider = new Provider(config.issuer, {
    clients: config.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    jwks: { keys: [jwk] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // The ID token carries the claims itself: karta reads no userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['karta-test-provider-cookies'] },
    async findAccount(_ctx, id) {
      const account = config.accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.name ? { name: account.name } : {}),
        }),
      };
    },
    // Every client is the provider's own: no consent page.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  // A token answer for an account marked wrongAudience gets its ID token re-signed for another
  // client, with the same key, issuer, nonce and expiry.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (ctx.path !== '/token' || typeof body?.id_token !== 'string') return;
    const claims = decodeJwt(body.id_token);
    if (!config.accounts[String(claims.sub)]?.wrongAudience) return;
    body.id_token = await new SignJWT({ ...claims, aud: OTHER_AUDIENCE })
      .setProtectedHeader({ alg: 'RS256', kid: KEY_ID })
      .sign(signingKey);
  });

  const port = Number(new URL(config.issuer).port);
  provider.listen(port, '127.0.0.1', () =>
    console.log(`oidc-provider listening at ${config.issuer}`),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
