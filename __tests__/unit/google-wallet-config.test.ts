// Where the daemon's Google Wallet channel sends its access token (lib/wallet-env.ts): Google's
// own endpoints unless told, a test's stand-in on this machine, never plain http across a network.
import {
  GOOGLE_TOKEN_URL_PRODUCTION,
  GOOGLE_WALLET_API_ORIGIN,
  GOOGLE_WALLET_API_PRODUCTION,
  GOOGLE_WALLET_TOKEN_URL,
  googleWalletConfig,
  walletProblems,
} from '@/lib/wallet-env';

const google = {
  GOOGLE_WALLET_ISSUER_ID: '3388000000099999999',
  GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: '/run/secrets/google-wallet.json',
};

describe("the Google Wallet API's addresses", () => {
  it("are Google's unless set", () => {
    expect(googleWalletConfig(google)).toMatchObject({
      apiOrigin: GOOGLE_WALLET_API_PRODUCTION,
      tokenUrl: GOOGLE_TOKEN_URL_PRODUCTION,
    });
    expect(GOOGLE_WALLET_API_PRODUCTION).toBe('https://walletobjects.googleapis.com');
    expect(GOOGLE_TOKEN_URL_PRODUCTION).toBe('https://oauth2.googleapis.com/token');
    expect(walletProblems(google)).toEqual([]);
  });

  it("take a stand-in's on this machine, and another https origin", () => {
    for (const [origin, tokenUrl] of [
      ['http://127.0.0.1:4123/', 'http://127.0.0.1:4123/token'],
      ['http://localhost:9', 'http://localhost:9/oauth/token'],
      ['https://wallet.example.test', 'https://auth.example.test/token'],
    ]) {
      const source = {
        ...google,
        [GOOGLE_WALLET_API_ORIGIN]: origin,
        [GOOGLE_WALLET_TOKEN_URL]: tokenUrl,
      };
      expect(walletProblems(source)).toEqual([]);
      expect(googleWalletConfig(source)).toMatchObject({
        apiOrigin: origin.replace(/\/$/, ''),
        tokenUrl,
      });
    }
  });

  it('refuse plain http to another machine, and an origin with a path, naming the variable', () => {
    expect(
      walletProblems({
        ...google,
        [GOOGLE_WALLET_API_ORIGIN]: 'http://wallet.example.test',
        [GOOGLE_WALLET_TOKEN_URL]: 'http://127.0.0.1.example.test/token',
      }),
    ).toEqual([
      expect.stringMatching(/^GOOGLE_WALLET_API_ORIGIN must be an https origin/),
      expect.stringMatching(/^GOOGLE_WALLET_TOKEN_URL must be an https address/),
    ]);
    expect(
      walletProblems({ ...google, [GOOGLE_WALLET_API_ORIGIN]: 'https://a.test/walletobjects' }),
    ).toEqual([expect.stringMatching(/^GOOGLE_WALLET_API_ORIGIN must be an https origin/)]);
  });
});
