// The wallets' configuration (lib/wallet-env.ts) as the start judges it with node:crypto
// (server/wallet/credential-checks.ts), and the Apple pass's signed link (server/wallet/pass-link.ts).
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import {
  APNS_PRODUCTION_ORIGIN,
  apnsConfig,
  appleWalletConfig,
  googleWalletConfig,
  walletProblems,
} from '@/lib/wallet-env';
import { credentialChecks } from '@/server/wallet/credential-checks';
import {
  PASS_LINK_TTL_S,
  passLink,
  passLinkLanguage,
  passLinkValid,
} from '@/server/wallet/pass-link';
import { makeWalletTestChain, type WalletTestChain } from '@/tools/lib/wallet-test-chain';

let chain: WalletTestChain;
beforeAll(() => {
  chain = makeWalletTestChain();
});
afterAll(() => chain.remove());

const problems = (change: Record<string, string | undefined>) =>
  walletProblems({ ...chain.env, ...change }, credentialChecks);

describe('the wallets’ configuration', () => {
  it('accepts the stand-in chain, and leaves both wallets off when nothing is set', () => {
    expect(problems({})).toEqual([]);
    expect(appleWalletConfig(chain.env)?.teamId).toBe('KARTADEMO1');
    expect(googleWalletConfig(chain.env)?.issuerId).toBe('3388000000099999999');
    expect(walletProblems({}, credentialChecks)).toEqual([]);
    expect(appleWalletConfig({})).toBeUndefined();
    expect(googleWalletConfig({})).toBeUndefined();
  });

  it('pushes (APNs) only with both the key id and the .p8 key, at Apple’s origin unless told', () => {
    const key = `${chain.caFile}.p8`;
    writeFileSync(
      key,
      generateKeyPairSync('ec', {
        namedCurve: 'P-256',
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      }).privateKey,
    );
    const apns = { APPLE_APNS_KEY_ID: 'ABCDE12345', APPLE_APNS_KEY_FILE: key };
    expect(problems(apns)).toEqual([]);
    expect(apnsConfig({ ...chain.env, ...apns })).toEqual({
      keyId: 'ABCDE12345',
      keyFile: key,
      origin: APNS_PRODUCTION_ORIGIN,
    });
    expect(apnsConfig(chain.env)).toBeUndefined();
    expect(problems({ APPLE_APNS_KEY_ID: 'ABCDE12345' })).toEqual([
      expect.stringMatching(/^APPLE_APNS_KEY_FILE is not set, while APPLE_APNS_KEY_ID is/),
    ]);
    expect(
      problems({
        ...apns,
        APPLE_APNS_KEY_ID: 'short',
        APPLE_APNS_ORIGIN: 'http://127.0.0.1:8443',
        APPLE_APNS_KEY_FILE: chain.caFile,
      }),
    ).toEqual([
      expect.stringContaining('APPLE_APNS_KEY_ID must be'),
      expect.stringContaining('APPLE_APNS_ORIGIN must be an https origin'),
      expect.stringContaining('APPLE_APNS_KEY_FILE: '),
    ]);
    expect(walletProblems(apns, credentialChecks)).toEqual([
      expect.stringContaining('while Apple Wallet is off'),
    ]);
  });

  it('names the variables a wallet set only in part is missing', () => {
    expect(
      walletProblems({ APPLE_WALLET_PASS_TYPE_ID: 'pass.gr.karta.card' }, credentialChecks),
    ).toEqual([
      expect.stringMatching(
        /^APPLE_WALLET_TEAM_ID, APPLE_WALLET_SIGNER_CERT, APPLE_WALLET_SIGNER_KEY, APPLE_WALLET_WWDR_CERT are not set, while APPLE_WALLET_PASS_TYPE_ID is/,
      ),
    ]);
    expect(problems({ GOOGLE_WALLET_ISSUER_ID: '' })).toEqual([
      expect.stringMatching(/^GOOGLE_WALLET_ISSUER_ID is not set, while GOOGLE_WALLET_SERVICE/),
    ]);
  });

  it('names a missing file, a file that is no certificate, a malformed key and a bad id', () => {
    const notPem = `${chain.caFile}.der`;
    writeFileSync(notPem, 'not a certificate');
    const notJson = `${chain.caFile}.json`;
    writeFileSync(notJson, '{"client_email": "x@example.gr"}');
    expect(
      problems({
        APPLE_WALLET_TEAM_ID: 'karta',
        APPLE_WALLET_SIGNER_CERT: '/nowhere/signer.pem',
        APPLE_WALLET_WWDR_CERT: notPem,
        APPLE_WALLET_SIGNER_KEY: chain.caFile,
        GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: notJson,
      }),
    ).toEqual([
      expect.stringContaining('APPLE_WALLET_TEAM_ID must be Apple’s'.replace('’', "'")),
      'APPLE_WALLET_SIGNER_CERT points to /nowhere/signer.pem, which cannot be read.',
      expect.stringContaining('APPLE_WALLET_WWDR_CERT: not a PEM certificate'),
      expect.stringContaining('APPLE_WALLET_SIGNER_KEY: not a readable private key'),
      expect.stringContaining(
        'GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: it lacks client_email or private_key',
      ),
    ]);
    expect(problems({ APPLE_WALLET_SIGNER_KEY_PASSPHRASE: 'wrong' })).toEqual([]);
  });
});

describe('the pass’s signed link', () => {
  const config = () => appleWalletConfig(chain.env) ?? fail('configured');
  const now = Date.UTC(2026, 10, 27);

  it('opens for its card and owner until it expires', async () => {
    const url = new URL(await passLink(config(), 'maria', 'uid-maria', now));
    expect(url.pathname).toBe('/api/wallet/maria');
    expect(await passLinkValid(config(), url, 'maria', 'uid-maria', now + 1000)).toBe(true);
    const end = now + PASS_LINK_TTL_S * 1000;
    expect(await passLinkValid(config(), url, 'maria', 'uid-maria', end)).toBe(true);
    expect(await passLinkValid(config(), url, 'maria', 'uid-maria', end + 1000)).toBe(false);
  });

  it('does not open for another owner, another card, or a changed time or signature', async () => {
    const url = new URL(await passLink(config(), 'maria', 'uid-maria', now));
    expect(await passLinkValid(config(), url, 'maria', 'uid-other', now)).toBe(false);
    expect(await passLinkValid(config(), url, 'nikos', 'uid-maria', now)).toBe(false);
    const later = new URL(url);
    later.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 1));
    expect(await passLinkValid(config(), later, 'maria', 'uid-maria', now)).toBe(false);
    const forged = new URL(url);
    forged.searchParams.set('sig', 'A'.repeat(43));
    expect(await passLinkValid(config(), forged, 'maria', 'uid-maria', now)).toBe(false);
    forged.searchParams.delete('sig');
    expect(await passLinkValid(config(), forged, 'maria', 'uid-maria', now)).toBe(false);
  });

  it('carries its language, signed: a language added, changed or taken off refuses it', async () => {
    const english = new URL(await passLink(config(), 'maria', 'uid-maria', now, 'en'));
    expect(english.searchParams.get('lang')).toBe('en');
    expect(passLinkLanguage(english)).toBe('en');
    expect(await passLinkValid(config(), english, 'maria', 'uid-maria', now)).toBe(true);
    const greek = new URL(await passLink(config(), 'maria', 'uid-maria', now));
    expect(greek.searchParams.has('lang')).toBe(false);
    expect(passLinkLanguage(greek)).toBe('el');

    const asGreek = new URL(english);
    asGreek.searchParams.delete('lang');
    const asEnglish = new URL(greek);
    asEnglish.searchParams.set('lang', 'en');
    const asOther = new URL(english);
    asOther.searchParams.set('lang', 'fr');
    expect(passLinkLanguage(asOther)).toBeNull();
    for (const changed of [asGreek, asEnglish, asOther]) {
      expect(await passLinkValid(config(), changed, 'maria', 'uid-maria', now)).toBe(false);
    }
  });

  it('is signed with a key of its own configuration: another signer key refuses it', async () => {
    const url = new URL(await passLink(config(), 'maria', 'uid-maria', now));
    const other = makeWalletTestChain();
    try {
      const otherConfig = appleWalletConfig(other.env) ?? fail('configured');
      expect(await passLinkValid(otherConfig, url, 'maria', 'uid-maria', now)).toBe(false);
    } finally {
      other.remove();
    }
  });
});

function fail(what: string): never {
  throw new Error(what);
}
