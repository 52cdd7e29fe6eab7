// Starts tools/oidc-provider.ts, a real OpenID provider on a loopback port, for the tests
// (__tests__/helpers/oidc-provider.ts) and the demo (demo-oidc.ts). Resolves once its discovery
// document answers; stop() ends it.
import path from 'node:path';
import { freePort } from './emulator';
import { startGuarded } from './guarded-process';
import { ROOT } from './paths';
import { waitForHttp } from './processes';

export interface OidcProviderAccount {
  email: string;
  emailVerified: boolean;
  name?: string;
  /** Its ID tokens are re-signed for another client (a wrong `aud`). */
  wrongAudience?: boolean;
}

export interface OidcProviderClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface OidcProviderConfig {
  issuer: string;
  clients: OidcProviderClient[];
  /** By login (the development login page's first field, which any password passes). */
  accounts: Record<string, OidcProviderAccount>;
}

export interface RunningOidcProvider {
  issuer: string;
  stop(): Promise<void>;
}

const READY_MS = 60_000;

export async function startOidcProvider(
  options: Omit<OidcProviderConfig, 'issuer'> & { port?: number },
): Promise<RunningOidcProvider> {
  const port = options.port ?? (await freePort());
  const issuer = `http://127.0.0.1:${port}`;
  const config: OidcProviderConfig = {
    issuer,
    clients: options.clients,
    accounts: options.accounts,
  };
  const server = startGuarded(
    process.execPath,
    [require.resolve('tsx/cli'), path.join(ROOT, 'tools', 'oidc-provider.ts')],
    { env: { ...process.env, OIDC_PROVIDER_CONFIG: JSON.stringify(config) } },
  );
  if (!server) throw new Error('oidc-provider could not be started');
  try {
    await waitForHttp(`${issuer}/.well-known/openid-configuration`, READY_MS);
  } catch (error) {
    await server.stop();
    throw new Error(`oidc-provider did not start: ${String(error)}\n${server.output.join('\n')}`);
  }
  return { issuer, stop: () => server.stop() };
}
