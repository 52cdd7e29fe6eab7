// karta's one configuration: every variable it reads, the contract each must meet, and its typed
// value. next.config.ts checks the contract when `next build`, `next start` or `next dev` loads it,
// so a missing or malformed variable stops them with its name instead of a stack trace from deep
// inside an SDK.
//
// The values are read from process.env at each access rather than once at import: the local
// commands and the tests point an already running process at a fresh emulator. Each NEXT_PUBLIC_
// variable is written out in full so that Next inlines it into the browser's bundle.
import type { FirebaseOptions } from 'firebase/app';
import { EMAIL_PATTERN } from './email-pattern';
import {
  appleWalletConfig,
  googleWalletConfig,
  walletProblems,
  type AppleWalletConfig,
  type CredentialChecks,
  type GoogleWalletConfig,
} from './wallet-env';

type Source = Record<string, string | undefined>;

/** The web app config: the client is initialised with all seven. */
export const WEB_CONFIG_VARS = [
  'NEXT_PUBLIC_FIREBASE_PROJECT_ID',
  'NEXT_PUBLIC_FIREBASE_API_KEY',
  'NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN',
  'NEXT_PUBLIC_FIREBASE_STORAGE_BUCKET',
  'NEXT_PUBLIC_FIREBASE_MESSAGING_SENDER_ID',
  'NEXT_PUBLIC_FIREBASE_APP_ID',
  'NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID',
] as const;

const HOST_PORT = /^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/;
const PROJECT_ID = /^[a-z][a-z0-9-]{4,29}$/;
const DEFAULT_PORT = 3000;
/** Firebase's prefix for a project that exists only in the emulators. */
const DEMO_PROJECT_PREFIX = 'demo-';

/** A project that exists only in the emulators (the demo, the tests): nothing in it is real. */
export const isDemoProject = (projectId: string) => projectId.startsWith(DEMO_PROJECT_PREFIX);

const WHOLE_NUMBER = /^[1-9]\d*$/;
const WHOLE_NUMBER_OR_ZERO = /^(0|[1-9]\d*)$/;

interface WholeNumberVar {
  /** Whether 0 is a meaningful value (none, off) rather than a mistake. */
  zero: boolean;
  /** What the number counts, as the problem names it: "a whole number of …". */
  unit: string;
  /** The value when the variable is unset (or malformed, which assertEnv has already refused). */
  fallback: number;
}

/** The variables that hold a whole number; envProblems checks them and wholeNumber reads them. */
const WHOLE_NUMBER_VARS = {
  FIRESTORE_READ_TIMEOUT_MS: { zero: false, unit: 'milliseconds', fallback: 8000 },
  PRERENDER_LIMIT: { zero: true, unit: 'cards (0 or more)', fallback: 1000 },
  /** A few seconds: an owner sees a view soon, and a card busy all day costs one write per flush. */
  STATS_FLUSH_MS: { zero: false, unit: 'milliseconds', fallback: 5000 },
  /** Events a minute from one address to one card: far above a person tapping, far below a loop. */
  STATS_RATE_LIMIT: { zero: true, unit: 'events a minute (0 for none)', fallback: 60 },
  /**
   * The CDN (or nginx) in front of the origins appends the visitor's address; nothing else does.
   * 0: nothing in front, the socket's address is the visitor's.
   */
  STATS_PROXY_HOPS: { zero: true, unit: 'proxies (0 for none)', fallback: 1 },
} as const satisfies Record<string, WholeNumberVar>;

type WholeNumberName = keyof typeof WHOLE_NUMBER_VARS;

function isWholeNumber(name: WholeNumberName, raw: string): boolean {
  return (WHOLE_NUMBER_VARS[name].zero ? WHOLE_NUMBER_OR_ZERO : WHOLE_NUMBER).test(raw);
}

/** Why `raw` cannot be the value of `name`, naming both; undefined when it can (or is unset). */
function wholeNumberProblem(name: WholeNumberName, raw: string | undefined): string | undefined {
  if (!raw || isWholeNumber(name, raw)) return undefined;
  return `${name} must be a whole number of ${WHOLE_NUMBER_VARS[name].unit}, got "${raw}".`;
}

/** The variable's number, or its fallback when it is unset or malformed. */
function wholeNumber(name: WholeNumberName): number {
  const raw = process.env[name];
  return raw && isWholeNumber(name, raw) ? Number(raw) : WHOLE_NUMBER_VARS[name].fallback;
}

/** The CDNs karta can purge after a card changes; unset CDN_PROVIDER purges none. */
export const CDN_PROVIDERS = ['varnish', 'cloudflare', 'fastly'] as const;
export type CdnProvider = (typeof CDN_PROVIDERS)[number];

/** What each CDN's purge needs; the API URLs have the providers' public defaults. */
const CDN_REQUIRED: Record<CdnProvider, string[]> = {
  varnish: ['VARNISH_PURGE_URL'],
  cloudflare: ['CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN'],
  fastly: ['FASTLY_SERVICE_ID', 'FASTLY_API_TOKEN'],
};

export type CdnConfig =
  | { provider: 'varnish'; purgeUrl: string }
  | { provider: 'cloudflare'; zoneId: string; apiToken: string; apiUrl: string }
  | { provider: 'fastly'; serviceId: string; apiToken: string; apiUrl: string };

function isCdnProvider(value: string): value is CdnProvider {
  return (CDN_PROVIDERS as readonly string[]).includes(value);
}

function httpUrl(raw: string | undefined): URL | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function serviceAccountProblem(key: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(key);
    const fields = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    return fields.client_email && fields.private_key
      ? undefined
      : 'FIREBASE_SERVICE_ACCOUNT_KEY lacks client_email or private_key.';
  } catch {
    return 'FIREBASE_SERVICE_ACCOUNT_KEY is not valid JSON (paste the whole key file).';
  }
}

/** The address in `karta <no-reply@example.gr>` or a bare address; undefined if there is none. */
function mailAddress(from: string): string | undefined {
  const address = /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return EMAIL_PATTERN.test(address) ? address : undefined;
}

export interface EnvCheckOptions {
  /** Where a credentials file path can be checked (the server); omitted, the check is skipped. */
  fileExists?: (path: string) => boolean;
  /** How the wallets' certificate and key files are read and judged; omitted, they are not. */
  credentials?: CredentialChecks;
}

/** One message per problem, each naming its variable; [] when the environment is complete. */
export function envProblems(source: Source, options: EnvCheckOptions = {}): string[] {
  const problems: string[] = [];
  for (const name of WEB_CONFIG_VARS) {
    if (!source[name]?.trim()) problems.push(`${name} is not set (see .env.example).`);
  }
  const projectId = source.NEXT_PUBLIC_FIREBASE_PROJECT_ID;
  if (projectId && !PROJECT_ID.test(projectId)) {
    problems.push(`NEXT_PUBLIC_FIREBASE_PROJECT_ID "${projectId}" is not a Firebase project id.`);
  }
  for (const name of [
    'FIRESTORE_EMULATOR_HOST',
    'NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST',
  ]) {
    const value = source[name];
    if (value && !HOST_PORT.test(value)) {
      problems.push(`${name} must be host:port (e.g. 127.0.0.1:8080), got "${value}".`);
    }
  }
  const key = source.FIREBASE_SERVICE_ACCOUNT_KEY;
  const keyProblem = key ? serviceAccountProblem(key) : undefined;
  if (keyProblem) problems.push(keyProblem);
  const credentialsFile = source.GOOGLE_APPLICATION_CREDENTIALS;
  if (credentialsFile && options.fileExists && !options.fileExists(credentialsFile)) {
    problems.push(
      `GOOGLE_APPLICATION_CREDENTIALS points to ${credentialsFile}, which does not exist.`,
    );
  }
  const siteUrl = source.NEXT_PUBLIC_SITE_URL;
  if (siteUrl && !httpUrl(siteUrl)) {
    problems.push(`NEXT_PUBLIC_SITE_URL must be an http(s) URL, got "${siteUrl}".`);
  }
  // A real project's canonical links, social cards and printed QR codes need the public origin;
  // the local one (siteUrl's fallback) is right only for the emulator's `demo-` projects.
  if (
    !siteUrl &&
    projectId &&
    PROJECT_ID.test(projectId) &&
    !projectId.startsWith(DEMO_PROJECT_PREFIX)
  ) {
    problems.push(
      `NEXT_PUBLIC_SITE_URL is not set: project "${projectId}" is not a demo- project, and its ` +
        'cards and QR codes would point at http://localhost.',
    );
  }
  // How many proxies append to X-Forwarded-For is a fact of the host (docs/deployment.md): a
  // default would either let a client pick its own rate-limit bucket or put every visitor in one.
  if (
    !source.STATS_PROXY_HOPS &&
    projectId &&
    PROJECT_ID.test(projectId) &&
    !projectId.startsWith(DEMO_PROJECT_PREFIX)
  ) {
    problems.push(
      `STATS_PROXY_HOPS is not set: project "${projectId}" is not a demo- project; set it to the ` +
        'number of proxies in front of next start that append to X-Forwarded-For (0 for none).',
    );
  }
  // Companies' OIDC client secrets are sealed with a key derived from it (server/sso/secret-box.ts):
  // without it a real project could neither keep nor use one.
  if (
    !source.REVALIDATE_SECRET &&
    projectId &&
    PROJECT_ID.test(projectId) &&
    !isDemoProject(projectId)
  ) {
    problems.push(
      `REVALIDATE_SECRET is not set: project "${projectId}" is not a demo- project, and companies' ` +
        'sign-in secrets are sealed with a key derived from it.',
    );
  }
  for (const name of Object.keys(WHOLE_NUMBER_VARS) as WholeNumberName[]) {
    const problem = wholeNumberProblem(name, source[name]);
    if (problem) problems.push(problem);
  }
  const redisUrl = source.REDIS_URL;
  if (redisUrl && !/^rediss?:\/\/[^/\s]+/.test(redisUrl)) {
    problems.push(`REDIS_URL must be a redis:// or rediss:// URL, got "${redisUrl}".`);
  }
  const provider = source.CDN_PROVIDER;
  if (provider) {
    if (!isCdnProvider(provider)) {
      problems.push(`CDN_PROVIDER must be one of ${CDN_PROVIDERS.join(', ')}, got "${provider}".`);
    } else {
      for (const name of CDN_REQUIRED[provider]) {
        if (!source[name]?.trim()) problems.push(`${name} is not set (CDN_PROVIDER=${provider}).`);
      }
    }
  }
  const smtpUrl = source.SMTP_URL;
  if (smtpUrl && !/^smtps?:\/\/[^/\s]+/.test(smtpUrl)) {
    problems.push(`SMTP_URL must be an smtp:// or smtps:// URL, got "${smtpUrl}".`);
  }
  const mailFrom = source.MAIL_FROM;
  if (mailFrom && !mailAddress(mailFrom)) {
    problems.push(`MAIL_FROM must be an address, alone or as Name <address>, got "${mailFrom}".`);
  }
  for (const name of ['VARNISH_PURGE_URL', 'CLOUDFLARE_API_URL', 'FASTLY_API_URL']) {
    const value = source[name];
    if (value && !httpUrl(value)) problems.push(`${name} must be an http(s) URL, got "${value}".`);
  }
  problems.push(...walletProblems(source, options.credentials));
  return problems;
}

/** Throws one readable error listing every problem. */
export function assertEnv(source: Source, options: EnvCheckOptions = {}): void {
  const problems = envProblems(source, options);
  if (problems.length === 0) return;
  const error = new Error(`karta configuration:\n  - ${problems.join('\n  - ')}`);
  // A bare message, not a stack trace: the fix is in the environment, not the code.
  error.stack = error.message;
  throw error;
}

/** The typed values. Malformed ones were refused by assertEnv at build and start. */
export const env = {
  get firebaseWebConfig(): FirebaseOptions {
    return {
      apiKey: process.env.NEXT_PUBLIC_FIREBASE_API_KEY,
      authDomain: process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN,
      projectId: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID,
      storageBucket: process.env.NEXT_PUBLIC_FIREBASE_STORAGE_BUCKET,
      messagingSenderId: process.env.NEXT_PUBLIC_FIREBASE_MESSAGING_SENDER_ID,
      appId: process.env.NEXT_PUBLIC_FIREBASE_APP_ID,
      measurementId: process.env.NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID,
    };
  },
  /** The project the server reads: the web app's, or the platform's own on Google Cloud. */
  get firebaseProjectId(): string | undefined {
    return process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || process.env.GOOGLE_CLOUD_PROJECT;
  },
  /** host:port of the emulator firebase-admin reads (it reads the variable itself too). */
  get firestoreEmulatorHost(): string | undefined {
    return process.env.FIRESTORE_EMULATOR_HOST || undefined;
  },
  /** host:port of the emulator the browser writes to. */
  get browserFirestoreEmulatorHost(): string | undefined {
    return process.env.NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST || undefined;
  },
  /** host:port of the Auth emulator the browser signs in with. */
  get browserAuthEmulatorHost(): string | undefined {
    return process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST || undefined;
  },
  /** reCAPTCHA Enterprise site key of App Check; unset, App Check is not loaded at all. */
  get appCheckSiteKey(): string | undefined {
    return process.env.NEXT_PUBLIC_RECAPTCHA_ENTERPRISE_SITE_KEY || undefined;
  },
  get serviceAccountKey(): string | undefined {
    return process.env.FIREBASE_SERVICE_ACCOUNT_KEY || undefined;
  },
  /** NEXT_PUBLIC_SITE_URL, the public origin, when it is set. */
  get publicSiteUrl(): URL | undefined {
    return httpUrl(process.env.NEXT_PUBLIC_SITE_URL);
  },
  /**
   * The public origin, for canonical URLs, social cards and QR codes; a local server's for the
   * emulator's demo- projects (a real project without NEXT_PUBLIC_SITE_URL does not start).
   */
  get siteUrl(): URL {
    return this.publicSiteUrl ?? new URL(`http://localhost:${process.env.PORT || DEFAULT_PORT}`);
  },
  /** Whether the server's project is an emulator-only demo- one (unset: not). */
  get isDemoProject(): boolean {
    const projectId = this.firebaseProjectId;
    return projectId !== undefined && isDemoProject(projectId);
  },
  /**
   * Whether a webhook may go to plain http on this machine's loopback: only in the emulator's
   * demo- projects (the demo and the tests). Never link-local or metadata addresses, anywhere.
   */
  get webhooksAllowLoopback(): boolean {
    return this.isDemoProject;
  },
  /** Bearer secret of POST /api/revalidate; unset disables the endpoint. */
  get revalidateSecret(): string | undefined {
    return process.env.REVALIDATE_SECRET || undefined;
  },
  /** Deadline of one server read: a regeneration must never hang on an unreachable Firestore. */
  get firestoreReadTimeoutMs(): number {
    return wholeNumber('FIRESTORE_READ_TIMEOUT_MS');
  },
  /** How many cards `next build` pre-renders; the others render on their first request. */
  get prerenderLimit(): number {
    return wholeNumber('PRERENDER_LIMIT');
  },
  /** How often a card's counts are written to Firestore, at most (server/stats/flusher.ts). */
  get statsFlushMs(): number {
    return wholeNumber('STATS_FLUSH_MS');
  },
  /** Events counted a minute from one address for one card; 0 turns the limit off. */
  get statsRateLimit(): number {
    return wholeNumber('STATS_RATE_LIMIT');
  },
  /**
   * How many proxies in front of the origins append to X-Forwarded-For: the visitor's address is
   * that many entries from the right; 0, the socket's (server/stats/address.ts).
   */
  get statsProxyHops(): number {
    return wholeNumber('STATS_PROXY_HOPS');
  },
  /** A log line for every flush that wrote counts (the benchmark counts Firestore's writes). */
  get statsLogFlushes(): boolean {
    return process.env.STATS_LOG_FLUSHES === '1';
  },
  /** The shared ISR cache of several origins; unset, each process keeps its own. */
  get redisUrl(): string | undefined {
    return process.env.REDIS_URL || undefined;
  },
  /** The SMTP server that mails owners their new contacts; unset, no mail is sent. */
  get smtpUrl(): string | undefined {
    return process.env.SMTP_URL || undefined;
  },
  /** The sender of those mails: MAIL_FROM, or karta's no-reply address at the site's host. */
  get mailFrom(): string {
    return process.env.MAIL_FROM || `karta <no-reply@${this.siteUrl.hostname}>`;
  },
  /** The Apple Wallet pass's identifiers and signing files; undefined, there is no pass. */
  get appleWallet(): AppleWalletConfig | undefined {
    return appleWalletConfig(process.env);
  },
  /** The Google Wallet issuer and its service account; undefined, there is no save link. */
  get googleWallet(): GoogleWalletConfig | undefined {
    return googleWalletConfig(process.env);
  },
  /** The CDN purged after a card changes, or undefined for none. */
  get cdn(): CdnConfig | undefined {
    const provider = process.env.CDN_PROVIDER;
    if (!provider || !isCdnProvider(provider)) return undefined;
    const value = (name: string) => process.env[name] ?? '';
    // Both APIs take a token, and an API URL that defaults to the provider's public one.
    const api = (tokenName: string, urlName: string, publicUrl: string) => ({
      apiToken: value(tokenName),
      apiUrl: process.env[urlName] || publicUrl,
    });
    switch (provider) {
      case 'varnish':
        return { provider, purgeUrl: value('VARNISH_PURGE_URL') };
      case 'cloudflare':
        return {
          provider,
          zoneId: value('CLOUDFLARE_ZONE_ID'),
          ...api(
            'CLOUDFLARE_API_TOKEN',
            'CLOUDFLARE_API_URL',
            'https://api.cloudflare.com/client/v4',
          ),
        };
      case 'fastly':
        return {
          provider,
          serviceId: value('FASTLY_SERVICE_ID'),
          ...api('FASTLY_API_TOKEN', 'FASTLY_API_URL', 'https://api.fastly.com'),
        };
    }
  },
  /** This server as it listens (`next start` sets PORT), for requests it makes to itself. */
  get ownOrigin(): string | undefined {
    return process.env.PORT ? `http://127.0.0.1:${process.env.PORT}` : undefined;
  },
  /** True inside `next build`, where profiles are read in batches. */
  get isBuild(): boolean {
    return process.env.NEXT_PHASE === 'phase-production-build';
  },
  /** Tests and benchmarks build into their own folder so they never clobber the demo's build. */
  get distDir(): string {
    return process.env.NEXT_DIST_DIR || '.next';
  },

  /**
   * Set by `npm test` for its e2e build: it type-checks the whole project itself (tsc --noEmit)
   * at the same time, and Next would check the same files again.
   */
  get buildSkipsTypecheck(): boolean {
    return process.env.KARTA_BUILD_SKIP_TYPECHECK === '1';
  },

  /**
   * A clean clone that is built once and thrown away (CI sets CI=true): Turbopack's file-system
   * cache, about 80 MB written after every build, would never be read there.
   */
  get buildIsThrownAway(): boolean {
    return process.env.CI === 'true' || process.env.CI === '1';
  },
};
