// The Google Wallet issuer's service account, read from its key file when it signs: a save link's
// JWT (google-save.ts) and the daemon's token request (daemon/deliveries/google-token.ts). No
// 'server-only': the daemon reads it too.
import { readFile } from 'node:fs/promises';
import { importPKCS8, type KeyLike } from 'jose';
import { serviceAccountOf, type GoogleWalletConfig } from '../../lib/wallet-env';

/** The service account's e-mail (a JWT's issuer) and its private key, for RS256. */
export async function readServiceAccount(
  config: GoogleWalletConfig,
): Promise<{ clientEmail: string; key: KeyLike }> {
  const account = serviceAccountOf(await readFile(config.serviceAccountFile, 'utf8'));
  // The start refused a malformed file (lib/env.ts); one replaced since is the caller's failure.
  if ('problem' in account) throw new Error(`${config.serviceAccountFile}: ${account.problem}`);
  return {
    clientEmail: account.clientEmail,
    key: await importPKCS8(account.privateKey, 'RS256'),
  };
}
