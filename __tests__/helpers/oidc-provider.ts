// A real OpenID provider for a test file (tools/lib/oidc-provider.ts): started once in the file's
// beforeAll, stopped in its afterAll; and a person signing in at its development login page over
// plain HTTP, for the tests that need no browser.
import {
  startOidcProvider,
  type OidcProviderAccount,
  type OidcProviderClient,
  type RunningOidcProvider,
} from '@/tools/lib/oidc-provider';

interface ProviderOptions {
  clients: OidcProviderClient[];
  accounts: Record<string, OidcProviderAccount>;
}

/** `options` may be a function, called in beforeAll (when the run's addresses are known). */
export function oidcProviderForThisFile(
  options: ProviderOptions | (() => ProviderOptions),
): () => RunningOidcProvider {
  let running: RunningOidcProvider | undefined;
  beforeAll(async () => {
    running = await startOidcProvider(typeof options === 'function' ? options() : options);
  });
  afterAll(() => running?.stop());
  return () => {
    if (!running) throw new Error('oidcProviderForThisFile: used before its beforeAll ran');
    return running;
  };
}

const LOGIN_FORM =
  /<form[^>]*action="([^"]+)"[^>]*>\s*<input type="hidden" name="prompt" value="login"/;
const MAX_STEPS = 10;

/**
 * Follows `authorizationUrl` through the provider's login page as `login` (any password passes)
 * until the provider sends the browser elsewhere: that address (karta's callback, with its code
 * and state, or its error).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const provider = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | undefined;
  for (let step = 0; step < MAX_STEPS; step++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form,
    });
    form = undefined;
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    const html = await res.text();
    if (location) {
      url = new URL(location, url);
      if (url.origin !== provider) return url;
      continue;
    }
    const action = LOGIN_FORM.exec(html)?.[1];
    if (!action)
      throw new Error(`The provider answered ${res.status} with no login form:\n${html}`);
    url = new URL(action.replaceAll('&amp;', '&'), url);
    form = new URLSearchParams({ prompt: 'login', login, password: 'any' });
  }
  throw new Error(`The provider never sent the browser back after ${MAX_STEPS} steps`);
}
