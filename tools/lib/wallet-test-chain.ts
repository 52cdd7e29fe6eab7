// Stand-in credentials for both wallets, so that the local stack runs the whole pass path: a
// self-signed certificate authority in the place of Apple's WWDR, a pass type certificate it signs
// (with Apple's subject fields: UID the pass type id, OU the team id), and a Google service account
// key file for a made-up issuer. A real iPhone refuses a pass signed so, and Google saves no pass
// for an issuer it does not know: docs/sharing.md says what this does and does not prove.
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  APPLE_WALLET_VARS,
  GOOGLE_WALLET_API_ORIGIN,
  GOOGLE_WALLET_TOKEN_URL,
  GOOGLE_WALLET_VARS,
} from '../../lib/wallet-env';

/** The discard port: nothing listens there on these machines. */
const NOWHERE = 'http://127.0.0.1:9';
import { ensureCommand } from './system-packages';

export const TEST_PASS_TYPE_ID = 'pass.gr.karta.demo';
export const TEST_TEAM_ID = 'KARTADEMO1';
export const TEST_GOOGLE_ISSUER_ID = '3388000000099999999';
export const TEST_SERVICE_ACCOUNT_EMAIL = 'karta-wallet@karta-demo.iam.gserviceaccount.com';

export interface WalletTestChain {
  /** The wallets' variables (lib/wallet-env.ts), pointing at the files made. */
  env: Record<string, string>;
  /** The stand-in for Apple's WWDR certificate, which `openssl smime -verify` takes as the CA. */
  caFile: string;
  /** The Google service account's public key (PEM), which verifies a save link's JWT. */
  googlePublicKey: string;
  /** Deletes the files. */
  remove(): void;
}

export function makeWalletTestChain(): WalletTestChain {
  const openssl = ensureCommand('openssl', 'openssl');
  const dir = mkdtempSync(path.join(tmpdir(), 'karta-wallet-'));
  const file = (name: string) => path.join(dir, name);
  const run = (args: string[]) => execFileSync(openssl, args, { stdio: 'pipe' });
  const days = ['-days', '3650'];
  run(
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('ca.key')].concat([
      '-out',
      file('wwdr.pem'),
      ...days,
      '-subj',
      '/CN=karta test WWDR/O=karta test/C=GR',
    ]),
  );
  run(
    ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('signer.key')]
      .concat(['-out', file('signer.csr')])
      .concat([
        '-subj',
        `/UID=${TEST_PASS_TYPE_ID}/CN=Pass Type ID: ${TEST_PASS_TYPE_ID}/OU=${TEST_TEAM_ID}/O=karta demo/C=GR`,
      ]),
  );
  run(
    [
      'x509',
      '-req',
      '-in',
      file('signer.csr'),
      '-CA',
      file('wwdr.pem'),
      '-CAkey',
      file('ca.key'),
    ].concat(['-CAcreateserial', '-out', file('signer.pem'), ...days]),
  );

  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  writeFileSync(
    file('google-service-account.json'),
    JSON.stringify({
      type: 'service_account',
      project_id: 'karta-demo',
      private_key: privateKey,
      client_email: TEST_SERVICE_ACCOUNT_EMAIL,
    }),
  );
  return {
    env: {
      [APPLE_WALLET_VARS.passTypeId]: TEST_PASS_TYPE_ID,
      [APPLE_WALLET_VARS.teamId]: TEST_TEAM_ID,
      [APPLE_WALLET_VARS.signerCert]: file('signer.pem'),
      [APPLE_WALLET_VARS.signerKey]: file('signer.key'),
      [APPLE_WALLET_VARS.wwdrCert]: file('wwdr.pem'),
      [GOOGLE_WALLET_VARS.issuerId]: TEST_GOOGLE_ISSUER_ID,
      [GOOGLE_WALLET_VARS.serviceAccountFile]: file('google-service-account.json'),
      // The stand-in issuer is no issuer of Google's: the daemon's updates of saved passes go to a
      // loopback port nothing listens on (refused at once, retried on the outbox's schedule), so
      // a demo or test never reaches the network. Tests of the updates start a stand-in instead.
      [GOOGLE_WALLET_API_ORIGIN]: NOWHERE,
      [GOOGLE_WALLET_TOKEN_URL]: `${NOWHERE}/token`,
    },
    caFile: file('wwdr.pem'),
    googlePublicKey: publicKey,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
