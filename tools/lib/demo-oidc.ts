// The demo's own OpenID provider, so that «Σύνδεση με τον λογαριασμό της εταιρείας» works on a
// laptop: oidc-provider on a loopback port (tools/lib/oidc-provider.ts) with Studio Φως's members
// as its accounts, and Studio Φως's sign-in set to it through karta's own API, as its admin would
// in the console. Its login page takes any password.
import { COMPANY_SIGN_IN_PATHS, emailDomain } from '../../lib/company-sign-in';
import { authToolkit } from './auth-emulator';
import { DEMO_COMPANY_ID, DEMO_MEMBERS } from './demo-company';
import { demoOwnerAccount } from './demo-owners';
import { startOidcProvider, type OidcProviderAccount } from './oidc-provider';

const CLIENT_ID = 'karta-demo';
const CLIENT_SECRET = 'karta-demo-client-secret';

export interface DemoOidc {
  issuer: string;
  /** What the demo prints: where the provider is and who can sign in there. */
  line: string;
  stop(): Promise<void>;
}

export interface DemoOidcOptions {
  /** Where karta answers (its API is called, and the provider sends people back there). */
  siteUrl: string;
  /** The Auth emulator's host:port: Studio Φως's admin signs in there to save the setting. */
  authHostPort: string;
  /** A fixed port for the provider; a free one when omitted. */
  port?: number;
}

/** The same karta seen as localhost and as 127.0.0.1: both are registered with the provider. */
function callbacks(siteUrl: string): string[] {
  const url = new URL(COMPANY_SIGN_IN_PATHS.callback, siteUrl);
  const other = new URL(url);
  if (url.hostname === 'localhost') other.hostname = '127.0.0.1';
  else if (url.hostname === '127.0.0.1') other.hostname = 'localhost';
  return [...new Set([url.href, other.href])];
}

async function adminIdToken(authHostPort: string, email: string, password: string) {
  const res = await authToolkit(authHostPort, 'signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  const { idToken } = (await res.json()) as { idToken?: string };
  if (!idToken) throw new Error(`demo-oidc: ${email} cannot sign in (${res.status})`);
  return idToken;
}

/**
 * Starts the provider and sets Studio Φως's sign-in to it (its members' domain, not required).
 * Call it once karta and its Auth emulator answer; stop() ends the provider.
 */
export async function startDemoOidc(options: DemoOidcOptions): Promise<DemoOidc> {
  const members = Object.keys(DEMO_MEMBERS).map((username, index) => ({
    username,
    ...demoOwnerAccount(username, index),
  }));
  const accounts: Record<string, OidcProviderAccount> = Object.fromEntries(
    members.map(({ email }) => [email, { email, emailVerified: true }]),
  );
  const provider = await startOidcProvider({
    port: options.port,
    clients: [
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: callbacks(options.siteUrl),
      },
    ],
    accounts,
  });
  try {
    const admin = members.find(({ username }) => DEMO_MEMBERS[username] === 'admin');
    if (!admin) throw new Error('demo-oidc: Studio Φως has no admin');
    const token = await adminIdToken(options.authHostPort, admin.email, admin.password);
    const res = await fetch(
      new URL(`/api/owner/companies/${DEMO_COMPANY_ID}/sign-in`, options.siteUrl),
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          issuer: provider.issuer,
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          domains: [emailDomain(admin.email)],
          required: false,
        }),
      },
    );
    if (!res.ok)
      throw new Error(`demo-oidc: saving the sign-in: HTTP ${res.status} ${await res.text()}`);
  } catch (error) {
    await provider.stop();
    throw error;
  }
  return {
    issuer: provider.issuer,
    line: `oidc: ${provider.issuer} (Studio Φως's sign-in: ${members.map(({ email }) => email).join(', ')}, any password)`,
    stop: () => provider.stop(),
  };
}
