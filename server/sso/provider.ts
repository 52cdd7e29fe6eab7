// The company's OpenID provider as openid-client sees it: its discovery document, read when an
// admin saves the setting (a wrong issuer is refused then, not at a member's first sign-in) and
// kept a few minutes for the sign-ins that follow.
import 'server-only';
import * as client from 'openid-client';
import { env } from '../../lib/env';

/** A provider slower than this is down as far as a sign-in is concerned. */
const TIMEOUT_S = 5;
/** Long enough to spare a discovery per sign-in; short enough that a rotated endpoint is seen soon. */
const KEPT_MS = 5 * 60_000;

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const kept = new Map<string, { config: client.Configuration; until: number }>();

const keyOf = ({ issuer, clientId, clientSecret }: ProviderClient) =>
  JSON.stringify([issuer, clientId, clientSecret]);

/**
 * The provider's configuration for this client, discovered at `issuer` (openid-client checks that
 * the document names that very issuer). Plain http is allowed only where lib/company-sign-in.ts
 * issuerProblem allowed it: loopback, in the emulator's demo- projects.
 */
export async function discoverProvider(
  provider: ProviderClient,
  now = Date.now(),
): Promise<client.Configuration> {
  const key = keyOf(provider);
  const hit = kept.get(key);
  if (hit && hit.until > now) return hit.config;
  const config = await client.discovery(
    new URL(provider.issuer),
    provider.clientId,
    undefined,
    client.ClientSecretBasic(provider.clientSecret),
    {
      timeout: TIMEOUT_S,
      ...(env.isDemoProject && provider.issuer.startsWith('http:')
        ? { execute: [client.allowInsecureRequests] }
        : {}),
    },
  );
  kept.set(key, { config, until: now + KEPT_MS });
  return config;
}
