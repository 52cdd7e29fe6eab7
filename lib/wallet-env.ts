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

export const GOOGLE_WALLET_VARS = {
  issuerId: 'GOOGLE_WALLET_ISSUER_ID',
  serviceAccountFile: 'GOOGLE_WALLET_SERVICE_ACCOUNT_FILE',
} as const;

/** Apple's pass type identifiers: `pass.` and a reverse domain. */
const PASS_TYPE_ID = /^pass\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
/** Apple's team identifiers: ten capitals and digits. */
const TEAM_ID = /^[A-Z0-9]{10}$/;
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

export interface GoogleWalletConfig {
  issuerId: string;
  serviceAccountFile: string;
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
  return [...appleProblems(source, checks), ...googleProblems(source, checks)];
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

/** Google Wallet's configuration, or undefined when it is off. */
export function googleWalletConfig(source: Source): GoogleWalletConfig | undefined {
  if (!allSet(source, Object.values(GOOGLE_WALLET_VARS))) return undefined;
  return {
    issuerId: source[GOOGLE_WALLET_VARS.issuerId] ?? '',
    serviceAccountFile: source[GOOGLE_WALLET_VARS.serviceAccountFile] ?? '',
  };
}
