// The provider token APNs' token-based authentication asks for: an ES256 JWT { iss: team id,
// iat } with `kid` the .p8 key's id. Apple refuses tokens older than an hour and answers
// TooManyProviderTokenUpdates to new ones oftener than every 20 minutes, so one is made and reused
// for TOKEN_REUSE_MS, within both.
import { readFile } from 'node:fs/promises';
import { SignJWT, importPKCS8 } from 'jose';
import type { ApnsConfig } from '../../lib/wallet-env';

export const TOKEN_REUSE_MS = 50 * 60_000;

let kept: { for: string; token: string; madeAt: number } | undefined;

/** The provider token for `config` and `teamId`: the one made last, while it is young enough. */
export async function providerToken(
  config: ApnsConfig,
  teamId: string,
  now = Date.now(),
): Promise<string> {
  const which = `${config.keyFile}\n${config.keyId}\n${teamId}`;
  if (kept && kept.for === which && now - kept.madeAt < TOKEN_REUSE_MS) return kept.token;
  const key = await importPKCS8(await readFile(config.keyFile, 'utf8'), 'ES256');
  const token = await new SignJWT({ iss: teamId })
    .setProtectedHeader({ alg: 'ES256', kid: config.keyId })
    .setIssuedAt(Math.floor(now / 1000))
    .sign(key);
  kept = { for: which, token, madeAt: now };
  return token;
}
