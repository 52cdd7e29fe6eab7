// The wallet passes' part of karta's configuration (lib/env.ts): which variables turn Apple Wallet
// and Google Wallet on, what each must hold, and their typed values. Each wallet is on only when
// all of its variables are set; some of them alone is a mistake that stops the start, naming the
// missing ones, as does a file that is missing or holds no certificate or key.
//
// Certificates and keys are files (the paths are the variables), as Google's own credentials are
// (GOOGLE_APPLICATION_CREDENTIALS): a PEM in an environment variable loses its line breaks in too
// many hosts' settings screens.

type Source = Record<string, string | undefined>;

/** What the start checks a credential file with; node:crypto in next.config.ts, nothing in lib/. */
export interface CredentialChecks {
  /** The file's text, or undefined when it cannot be read. */
  readText(path: string): string | undefined;
  /** Why `pem` is not a PEM certificate, or undefined. */
  certificateProblem(pem: string): string | undefined;
  /** Why `pem` is not a private key (opened with `passphrase`), or undefined. */
  privateKeyProblem(pem: string, passphrase?: string): string | undefined;
  /** Why `pem` is not an APNs auth key (a P-256 key, as Apple's .p8 holds), or undefined. */
  apnsKeyProblem(pem: string): string | undefined;
}

export const APPLE_WALLET_VARS = {
  passTypeId: 'APPLE_WALLET_PASS_TYPE_ID',
  teamId: 'APPLE_WALLET_TEAM_ID',
  signerCert: 'APPLE_WALLET_SIGNER_CERT',
  signerKey: 'APPLE_WALLET_SIGNER_KEY',
  wwdrCert: 'APPLE_WALLET_WWDR_CERT',
} as const;
/** Optional: the signer key's passphrase, when it has one. */
export const APPLE_WALLET_KEY_PASSPHRASE = 'APPLE_WALLET_SIGNER_KEY_PASSPHRASE';

/**
 * Optional, both or neither: the APNs auth key (the .p8 file Apple gives once, and its key id)
 * that pushes an updated pass to the devices holding it. Without them passes still name karta's
 * web service (a pull to refresh in Wallet updates them), and nothing is pushed.
 */
export const APPLE_APNS_VARS = {
  keyId: 'APPLE_APNS_KEY_ID',
  keyFile: 'APPLE_APNS_KEY_FILE',
} as const;
/** Optional: APNs' origin (tests point it at a local stand-in). */
export const APPLE_APNS_ORIGIN = 'APPLE_APNS_ORIGIN';
export const APNS_PRODUCTION_ORIGIN = 'https://api.push.apple.com';
/** Optional: a PEM certificate trusted for APNs besides the system's (a test stand-in's). */
export const APPLE_APNS_CA_FILE = 'APPLE_APNS_CA_FILE';

export const GOOGLE_WALLET_VARS = {
  issuerId: 'GOOGLE_WALLET_ISSUER_ID',
  serviceAccountFile: 'GOOGLE_WALLET_SERVICE_ACCOUNT_FILE',
} as const;
/**
 * Optional: where the daemon updates saved Google passes (the Wallet API's origin) and gets its
 * access token (Google's OAuth 2.0 token endpoint); tests point them at a local stand-in.
 */
export const GOOGLE_WALLET_API_ORIGIN = 'GOOGLE_WALLET_API_ORIGIN';
export const GOOGLE_WALLET_TOKEN_URL = 'GOOGLE_WALLET_TOKEN_URL';
export const GOOGLE_WALLET_API_PRODUCTION = 'https://walletobjects.googleapis.com';
export const GOOGLE_TOKEN_URL_PRODUCTION = 'https://oauth2.googleapis.com/token';

/** Apple's pass type identifiers: `pass.` and a reverse domain. */
const PASS_TYPE_ID = /^pass\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
/** Apple's team identifiers: ten capitals and digits. */
const TEAM_ID = /^[A-Z0-9]{10}$/;
/** APNs key ids: ten capitals and digits, as team ids. */
const APNS_KEY_ID = TEAM_ID;
/** Google Wallet's issuer ids are numbers (the Pay & Wallet Console shows them). */
const ISSUER_ID = /^\d{10,25}$/;

export interface AppleWalletConfig {
  passTypeId: string;
  teamId: string;
  signerCertFile: string;
  signerKeyFile: string;
  signerKeyPassphrase?: string;
  wwdrCertFile: string;
}

export interface ApnsConfig {
  /** The .p8 key's id, the JWT's `kid`. */
  keyId: string;
  keyFile: string;
  /** https://api.push.apple.com, or a stand-in's. */
  origin: string;
  /** An extra certificate to trust (a stand-in's), read by the daemon. */
  caFile?: string;
}

export interface GoogleWalletConfig {
  issuerId: string;
  serviceAccountFile: string;
  /** https://walletobjects.googleapis.com, or a stand-in's. */
  apiOrigin: string;
  /** https://oauth2.googleapis.com/token, or a stand-in's. */
  tokenUrl: string;
}

/** Which of `names` are set; the problem when some but not all are. */
function partlySet(source: Source, names: readonly string[], wallet: string): string | undefined {
  const set = names.filter((name) => source[name]?.trim());
  if (set.length === 0 || set.length === names.length) return undefined;
  const missing = names.filter((name) => !source[name]?.trim());
  return `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set, while ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'}: ${wallet} needs all of them (or none, to leave it off).`;
}

function allSet(source: Source, names: readonly string[]): boolean {
  return names.every((name) => source[name]?.trim());
}

/** The file's text, or the problem naming `name`. */
function fileText(
  source: Source,
  name: string,
  checks: CredentialChecks,
): { text: string } | { problem: string } {
  const path = source[name] ?? '';
  const text = checks.readText(path);
  return text === undefined
    ? { problem: `${name} points to ${path}, which cannot be read.` }
    : { text };
}

function appleProblems(source: Source, checks?: CredentialChecks): string[] {
  const names = Object.values(APPLE_WALLET_VARS);
  const partly = partlySet(source, names, 'Apple Wallet');
  if (partly) return [partly];
  if (!allSet(source, names)) return [];
  const problems: string[] = [];
  const passTypeId = source[APPLE_WALLET_VARS.passTypeId] ?? '';
  if (!PASS_TYPE_ID.test(passTypeId)) {
    problems.push(
      `${APPLE_WALLET_VARS.passTypeId} must be a pass type identifier like pass.gr.karta.card, got "${passTypeId}".`,
    );
  }
  const teamId = source[APPLE_WALLET_VARS.teamId] ?? '';
  if (!TEAM_ID.test(teamId)) {
    problems.push(
      `${APPLE_WALLET_VARS.teamId} must be Apple's ten-character team identifier, got "${teamId}".`,
    );
  }
  if (!checks) return problems;
  for (const name of [APPLE_WALLET_VARS.signerCert, APPLE_WALLET_VARS.wwdrCert]) {
    const file = fileText(source, name, checks);
    const problem = 'problem' in file ? file.problem : checks.certificateProblem(file.text);
    if (problem) problems.push('problem' in file ? problem : `${name}: ${problem}`);
  }
  const key = fileText(source, APPLE_WALLET_VARS.signerKey, checks);
  const keyProblem =
    'problem' in key
      ? key.problem
      : checks.privateKeyProblem(key.text, source[APPLE_WALLET_KEY_PASSPHRASE] || undefined);
  if (keyProblem) {
    problems.push('problem' in key ? keyProblem : `${APPLE_WALLET_VARS.signerKey}: ${keyProblem}`);
  }
  return problems;
}

function apnsProblems(source: Source, checks?: CredentialChecks): string[] {
  const names = Object.values(APPLE_APNS_VARS);
  const partly = partlySet(source, names, 'Pushing updated passes (APNs)');
  if (partly) return [partly];
  if (!allSet(source, names)) return [];
  const problems: string[] = [];
  if (!allSet(source, Object.values(APPLE_WALLET_VARS))) {
    problems.push(
      `${names.join(', ')} are set, while Apple Wallet is off: there is no pass to push.`,
    );
  }
  const keyId = source[APPLE_APNS_VARS.keyId] ?? '';
  if (!APNS_KEY_ID.test(keyId)) {
    problems.push(
      `${APPLE_APNS_VARS.keyId} must be the APNs key's ten-character id, got "${keyId}".`,
    );
  }
  const origin = source[APPLE_APNS_ORIGIN];
  if (origin && !/^https:\/\/[^/\s]+$/.test(origin)) {
    problems.push(
      `${APPLE_APNS_ORIGIN} must be an https origin like ${APNS_PRODUCTION_ORIGIN}, got "${origin}".`,
    );
  }
  if (!checks) return problems;
  const key = fileText(source, APPLE_APNS_VARS.keyFile, checks);
  const keyProblem = 'problem' in key ? key.problem : checks.apnsKeyProblem(key.text);
  if (keyProblem) {
    problems.push('problem' in key ? keyProblem : `${APPLE_APNS_VARS.keyFile}: ${keyProblem}`);
  }
  return problems;
}

/** The service account's e-mail and key, or why the text is not a service account key. */
export function serviceAccountOf(
  text: string,
): { clientEmail: string; privateKey: string } | { problem: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    const fields = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    const { client_email: clientEmail, private_key: privateKey } = fields;
    return typeof clientEmail === 'string' && clientEmail && typeof privateKey === 'string'
      ? { clientEmail, privateKey }
      : { problem: 'it lacks client_email or private_key (use the whole key file).' };
  } catch {
    return { problem: 'it is not JSON (use the service account key file Google gives).' };
  }
}

/**
 * An access token goes to these addresses: https, or plain http to this machine only (a test's
 * stand-in), never in clear across a network.
 */
const SAFE_ORIGIN = String.raw`(https://[^/\s?#@]+|http://(127\.0\.0\.1|localhost|\[::1\])(:\d+)?)`;
const ORIGIN = new RegExp(`^${SAFE_ORIGIN}/?$`);
const URL_ON_ORIGIN = new RegExp(`^${SAFE_ORIGIN}(/\\S*)?$`);

function googleEndpointProblems(source: Source): string[] {
  const problems: string[] = [];
  const origin = source[GOOGLE_WALLET_API_ORIGIN];
  if (origin && !ORIGIN.test(origin)) {
    problems.push(
      `${GOOGLE_WALLET_API_ORIGIN} must be an https origin like ${GOOGLE_WALLET_API_PRODUCTION}, got "${origin}".`,
    );
  }
  const tokenUrl = source[GOOGLE_WALLET_TOKEN_URL];
  if (tokenUrl && !URL_ON_ORIGIN.test(tokenUrl)) {
    problems.push(
      `${GOOGLE_WALLET_TOKEN_URL} must be an https address like ${GOOGLE_TOKEN_URL_PRODUCTION}, got "${tokenUrl}".`,
    );
  }
  return problems;
}

function googleProblems(source: Source, checks?: CredentialChecks): string[] {
  const names = Object.values(GOOGLE_WALLET_VARS);
  const partly = partlySet(source, names, 'Google Wallet');
  if (partly) return [partly];
  if (!allSet(source, names)) return [];
  const problems: string[] = [];
  const issuerId = source[GOOGLE_WALLET_VARS.issuerId] ?? '';
  if (!ISSUER_ID.test(issuerId)) {
    problems.push(
      `${GOOGLE_WALLET_VARS.issuerId} must be the issuer's number from the Google Pay & Wallet Console, got "${issuerId}".`,
    );
  }
  problems.push(...googleEndpointProblems(source));
  if (!checks) return problems;
  const name = GOOGLE_WALLET_VARS.serviceAccountFile;
  const file = fileText(source, name, checks);
  if ('problem' in file) return [...problems, file.problem];
  const account = serviceAccountOf(file.text);
  const problem =
    'problem' in account ? account.problem : checks.privateKeyProblem(account.privateKey);
  if (problem) problems.push(`${name}: ${problem}`);
  return problems;
}

/** One message per problem of the wallets' variables, each naming its variable. */
export function walletProblems(source: Source, checks?: CredentialChecks): string[] {
  return [
    ...appleProblems(source, checks),
    ...apnsProblems(source, checks),
    ...googleProblems(source, checks),
  ];
}

/** Apple Wallet's configuration, or undefined when it is off. */
export function appleWalletConfig(source: Source): AppleWalletConfig | undefined {
  if (!allSet(source, Object.values(APPLE_WALLET_VARS))) return undefined;
  const passphrase = source[APPLE_WALLET_KEY_PASSPHRASE];
  return {
    passTypeId: source[APPLE_WALLET_VARS.passTypeId] ?? '',
    teamId: source[APPLE_WALLET_VARS.teamId] ?? '',
    signerCertFile: source[APPLE_WALLET_VARS.signerCert] ?? '',
    signerKeyFile: source[APPLE_WALLET_VARS.signerKey] ?? '',
    wwdrCertFile: source[APPLE_WALLET_VARS.wwdrCert] ?? '',
    ...(passphrase ? { signerKeyPassphrase: passphrase } : {}),
  };
}

/** APNs' configuration, or undefined when passes are not pushed. */
export function apnsConfig(source: Source): ApnsConfig | undefined {
  if (!allSet(source, Object.values(APPLE_APNS_VARS))) return undefined;
  const caFile = source[APPLE_APNS_CA_FILE];
  return {
    keyId: source[APPLE_APNS_VARS.keyId] ?? '',
    keyFile: source[APPLE_APNS_VARS.keyFile] ?? '',
    origin: source[APPLE_APNS_ORIGIN] || APNS_PRODUCTION_ORIGIN,
    ...(caFile ? { caFile } : {}),
  };
}

/** Google Wallet's configuration, or undefined when it is off. */
export function googleWalletConfig(source: Source): GoogleWalletConfig | undefined {
  if (!allSet(source, Object.values(GOOGLE_WALLET_VARS))) return undefined;
  return {
    issuerId: source[GOOGLE_WALLET_VARS.issuerId] ?? '',
    serviceAccountFile: source[GOOGLE_WALLET_VARS.serviceAccountFile] ?? '',
    apiOrigin: (source[GOOGLE_WALLET_API_ORIGIN] || GOOGLE_WALLET_API_PRODUCTION).replace(
      /\/$/,
      '',
    ),
    tokenUrl: source[GOOGLE_WALLET_TOKEN_URL] || GOOGLE_TOKEN_URL_PRODUCTION,
  };
}
