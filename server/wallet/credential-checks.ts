// How the start judges the wallets' certificate and key files (lib/wallet-env.ts): read, then
// parsed by node:crypto as the signing will use them. Loaded by next.config.ts, outside the server's
// module graph, so it imports nothing but Node.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { CredentialChecks } from '../../lib/wallet-env';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const credentialChecks: CredentialChecks = {
  readText(path) {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  },
  certificateProblem(pem) {
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
      return 'not a PEM certificate (convert a .cer with `openssl x509 -inform der -in FILE.cer -out FILE.pem`).';
    }
    try {
      new X509Certificate(pem);
      return undefined;
    } catch (error) {
      return `not a readable certificate (${reason(error)}).`;
    }
  },
  privateKeyProblem(pem, passphrase) {
    try {
      const key = createPrivateKey(passphrase ? { key: pem, passphrase } : { key: pem });
      return key.asymmetricKeyType === 'rsa' ? undefined : 'not an RSA private key.';
    } catch (error) {
      return `not a readable private key${passphrase ? ' with its passphrase' : ''} (${reason(error)}).`;
    }
  },
  apnsKeyProblem(pem) {
    try {
      const { asymmetricKeyType, asymmetricKeyDetails } = createPrivateKey(pem);
      return asymmetricKeyType === 'ec' && asymmetricKeyDetails?.namedCurve === 'prime256v1'
        ? undefined
        : 'not a P-256 private key (use the .p8 file Apple gives for an APNs key).';
    } catch (error) {
      return `not a readable private key (${reason(error)}).`;
    }
  },
};
