// Sign-in with the company's account (OpenID Connect): what an admin sets in the console, judged
// by the same rules in the console's form and on karta's server (server/sso/config.ts), and what
// the sign-in screen is told. The flow itself: server/sso/.

/** What the console shows of the company's setting: never its client secret, only whether one is set. */
export interface SignInSettings {
  issuer: string;
  clientId: string;
  secretSet: boolean;
  domains: string[];
  required: boolean;
}

/** A save: `clientSecret` empty or absent keeps the secret already set. */
export interface SignInChanges {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  domains: string[];
  required: boolean;
}

export const SIGN_IN_LIMITS = {
  issuer: 500,
  clientId: 300,
  clientSecret: 1000,
  domains: 20,
} as const;

export const SIGN_IN_MESSAGES = {
  issuer: 'Συμπληρώστε τη διεύθυνση (issuer) του παρόχου σύνδεσης, π.χ. https://login.example.gr',
  issuerHttps: 'Η διεύθυνση του παρόχου πρέπει να ξεκινά με https://',
  issuerUnreachable:
    'Ο πάροχος σύνδεσης δεν απάντησε με έγκυρο έγγραφο OpenID Connect (/.well-known/openid-configuration). Ελέγξτε τη διεύθυνση.',
  clientId: 'Συμπληρώστε το client id που σας έδωσε ο πάροχος σύνδεσης',
  clientSecret: 'Συμπληρώστε το client secret που σας έδωσε ο πάροχος σύνδεσης',
  tooLong: 'Το κείμενο είναι πολύ μεγάλο',
  domains: 'Συμπληρώστε τουλάχιστον έναν τομέα email της εταιρείας, π.χ. example.gr',
  domain: (domain: string) => `Ο τομέας «${domain}» δεν είναι έγκυρος τομέας email`,
  tooManyDomains: `Έως ${SIGN_IN_LIMITS.domains} τομείς`,
  publicDomain: (domain: string) =>
    `Ο τομέας «${domain}» ανήκει σε δημόσια υπηρεσία email και δεν μπορεί να δηλωθεί από εταιρεία`,
  notYourDomain: (domain: string) =>
    `Μπορείτε να προσθέσετε μόνο τον τομέα της δικής σας διεύθυνσης email· τον «${domain}» τον προσθέτει διαχειριστής με διεύθυνση σε αυτόν`,
  domainTaken: (domain: string) =>
    `Ο τομέας «${domain}» χρησιμοποιείται ήδη για τη σύνδεση άλλης εταιρείας`,
} as const;

/** What the sign-in screen says of the company's sign-in (each a code the server sends back). */
export const COMPANY_SIGN_IN_ERRORS = {
  'no-company':
    'Η διεύθυνση αυτή δεν ανήκει σε εταιρεία με δική της σύνδεση. Συνδεθείτε με email και κωδικό.',
  'no-email': 'Γράψτε πρώτα το email της εταιρείας σας.',
  expired: 'η σύνδεση άργησε ή ξεκίνησε σε άλλο παράθυρο. Δοκιμάστε ξανά.',
  refused: 'ο πάροχος σύνδεσης δεν επιβεβαίωσε τον λογαριασμό σας.',
  unverified: 'ο πάροχος σύνδεσης δεν έχει επιβεβαιώσει τη διεύθυνση email σας.',
  'other-domain': 'η διεύθυνση email του λογαριασμού σας δεν ανήκει στους τομείς της εταιρείας.',
  disabled: 'ο λογαριασμός σας στην karta έχει απενεργοποιηθεί.',
  failed: 'κάτι πήγε στραβά. Δοκιμάστε ξανά.',
} as const;

export type CompanySignInError = Exclude<
  keyof typeof COMPANY_SIGN_IN_ERRORS,
  'no-company' | 'no-email'
>;

/** The sentence shown at /account after a failed company sign-in. */
export function companySignInFailure(code: string): string {
  const reason =
    code in COMPANY_SIGN_IN_ERRORS && code !== 'no-company' && code !== 'no-email'
      ? COMPANY_SIGN_IN_ERRORS[code as CompanySignInError]
      : COMPANY_SIGN_IN_ERRORS.failed;
  return `Η σύνδεση με τον λογαριασμό της εταιρείας απέτυχε: ${reason}`;
}

/** Why a password sign-in for an address of a company that requires its own sign-in is refused. */
export const COMPANY_SIGN_IN_REQUIRED =
  'Η εταιρεία σας ζητά να συνδέεστε με τον λογαριασμό της: πατήστε «Σύνδεση με τον λογαριασμό της εταιρείας».';

/** The sign-in screen's button, which the message above names. */
export const COMPANY_SIGN_IN_BUTTON = 'Σύνδεση με τον λογαριασμό της εταιρείας';

/** The lookup's answer for an address (GET /api/auth/company-sign-in?email=). */
export type CompanySignInLookup = { sso: false } | { sso: true; required: boolean; start: string };

// A host name as DNS allows one: labels of letters, digits and inner hyphens, and a final label
// of letters (or an IDN's xn-- form).
const DOMAIN =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The domain of an address, lower case; undefined for something that is not an address. */
export function emailDomain(email: string): string | undefined {
  const at = email.trim().lastIndexOf('@');
  if (at < 1) return undefined;
  const domain = email
    .trim()
    .slice(at + 1)
    .toLowerCase();
  return DOMAIN.test(domain) ? domain : undefined;
}

/** The domains as an admin types them: separated by commas, spaces or lines; lower case, once each. */
export function splitDomains(typed: string): string[] {
  return [
    ...new Set(
      typed
        .split(/[\s,;]+/)
        .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    ),
  ];
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The issuer as a URL, or the message saying why not. Plain http only on this machine's own
 * loopback, and only where `loopbackHttp` (the emulator's demo- projects: the demo and the tests).
 */
export function issuerProblem(issuer: string, loopbackHttp: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return SIGN_IN_MESSAGES.issuer;
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && loopbackHttp && LOOPBACK_HOSTS.has(url.hostname)) {
    return undefined;
  }
  return url.protocol === 'http:' ? SIGN_IN_MESSAGES.issuerHttps : SIGN_IN_MESSAGES.issuer;
}

export type SignInParse = { changes: SignInChanges } | { field: string; error: string };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The admin's save judged as the server judges it (the console's form calls it too): `secretSet`
 * says whether a secret is already kept, so that a save may leave it out.
 */
export function parseSignInChanges(
  body: unknown,
  { secretSet, loopbackHttp }: { secretSet: boolean; loopbackHttp: boolean },
): SignInParse {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const issuer = text(fields.issuer);
  if (!issuer) return { field: 'issuer', error: SIGN_IN_MESSAGES.issuer };
  if (issuer.length > SIGN_IN_LIMITS.issuer) {
    return { field: 'issuer', error: SIGN_IN_MESSAGES.tooLong };
  }
  const problem = issuerProblem(issuer, loopbackHttp);
  if (problem) return { field: 'issuer', error: problem };
  const clientId = text(fields.clientId);
  if (!clientId) return { field: 'clientId', error: SIGN_IN_MESSAGES.clientId };
  if (clientId.length > SIGN_IN_LIMITS.clientId) {
    return { field: 'clientId', error: SIGN_IN_MESSAGES.tooLong };
  }
  const clientSecret = text(fields.clientSecret);
  if (!clientSecret && !secretSet) {
    return { field: 'clientSecret', error: SIGN_IN_MESSAGES.clientSecret };
  }
  if (clientSecret.length > SIGN_IN_LIMITS.clientSecret) {
    return { field: 'clientSecret', error: SIGN_IN_MESSAGES.tooLong };
  }
  const typed = fields.domains;
  const domains = Array.isArray(typed)
    ? splitDomains(typed.filter((d): d is string => typeof d === 'string').join(' '))
    : splitDomains(text(typed));
  if (domains.length === 0) return { field: 'domains', error: SIGN_IN_MESSAGES.domains };
  if (domains.length > SIGN_IN_LIMITS.domains) {
    return { field: 'domains', error: SIGN_IN_MESSAGES.tooManyDomains };
  }
  const bad = domains.find((domain) => !DOMAIN.test(domain));
  if (bad !== undefined) return { field: 'domains', error: SIGN_IN_MESSAGES.domain(bad) };
  return {
    changes: {
      issuer,
      clientId,
      ...(clientSecret ? { clientSecret } : {}),
      domains,
      required: fields.required === true,
    },
  };
}

/** The sign-in's own endpoints (app/api/auth/). */
export const COMPANY_SIGN_IN_PATHS = {
  lookup: '/api/auth/company-sign-in',
  start: '/api/auth/oidc/start',
  callback: '/api/auth/oidc/callback',
} as const;

/**
 * Back at /account: the custom token in the fragment (`#company-sign-in=…`, never sent to a server
 * nor kept by the CDN; the page removes it at once), or why it failed in the query.
 */
export const SIGN_IN_TOKEN_PARAM = 'company-sign-in';
export const SIGN_IN_ERROR_PARAM = 'company-sign-in-error';
