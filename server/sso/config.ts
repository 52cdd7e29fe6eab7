// The company's sign-in setting (lib/company-sign-in.ts), read and saved by its admins only:
// signInConfigs/{companyId} with the client secret sealed (secret-box.ts), and one
// signInDomains/{domain} per domain, which makes a domain one company's and carries whether that
// company requires its own sign-in (read by require.ts on every owner write).
//
// Who may claim a domain: its users' accounts are signed in by whatever the company's provider
// says, so a domain an admin does not control would hand its people's karta accounts to that
// provider. A public mail service's domain is refused, and a save may add only the domain of the
// saving admin's own verified address (another admin adds theirs); a domain is one company's.
import 'server-only';
import freeMailDomains from 'email-providers/all.json';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { FieldValue } from 'firebase-admin/firestore';
import { signInConfigPath, signInDomainPath } from '../../lib/collections';
import {
  SIGN_IN_MESSAGES,
  emailDomain,
  parseSignInChanges,
  type SignInChanges,
  type SignInSettings,
} from '../../lib/company-sign-in';
import { env } from '../../lib/env';
import { adminDb } from '../firebase/admin-app';
import { assertAdmin, assertAdminReads, assertVerified, readCompany } from '../company/auth';
import type { Owner } from '../owner/auth';
import { OwnerError, badField } from '../owner/respond';
import { chargeOwnerWrite } from '../owner/write-limit';
import { discoverProvider, type ProviderClient } from './provider';
import { forgetDomain } from './require';
import { isSealedSecret, openSecret, sealSecret } from './secret-box';

const PUBLIC_DOMAINS = new Set<string>(freeMailDomains);

/** The stored setting as the server uses it: the secret opened. */
export interface CompanySignIn extends ProviderClient {
  companyId: string;
  domains: string[];
  required: boolean;
}

const NONE: SignInSettings = {
  issuer: '',
  clientId: '',
  secretSet: false,
  domains: [],
  required: false,
};

function settingsOf(doc: DocumentSnapshot): SignInSettings {
  if (!doc.exists) return NONE;
  const domains: unknown = doc.get('domains');
  return {
    issuer: String(doc.get('issuer') ?? ''),
    clientId: String(doc.get('clientId') ?? ''),
    secretSet: isSealedSecret(doc.get('secret')),
    domains: Array.isArray(domains) ? domains.filter((d) => typeof d === 'string') : [],
    required: doc.get('required') === true,
  };
}

/** The company's setting with its secret opened, or undefined when it has none. */
export async function companySignIn(companyId: string): Promise<CompanySignIn | undefined> {
  const doc = await adminDb().doc(signInConfigPath(companyId)).get();
  const sealed: unknown = doc.get('secret');
  if (!doc.exists || !isSealedSecret(sealed)) return undefined;
  const { issuer, clientId, domains, required } = settingsOf(doc);
  return {
    companyId,
    issuer,
    clientId,
    clientSecret: openSecret(sealed, companyId),
    domains,
    required,
  };
}

/** GET: what the console shows; the secret only as `secretSet`. */
export async function readSignInSettings(owner: Owner, id: string): Promise<SignInSettings> {
  await assertAdminReads(owner, id);
  return settingsOf(await adminDb().doc(signInConfigPath(id)).get());
}

/** Each newly added domain must be neither a public mail service's nor another than the admin's own. */
function assertMayAdd(owner: Owner, added: string[]): void {
  const own = owner.email ? emailDomain(owner.email) : undefined;
  for (const domain of added) {
    if (PUBLIC_DOMAINS.has(domain))
      throw badField('domains', SIGN_IN_MESSAGES.publicDomain(domain));
    if (domain !== own) throw badField('domains', SIGN_IN_MESSAGES.notYourDomain(domain));
  }
}

/** The provider must answer its discovery document for this client: 400 naming `issuer` if not. */
async function assertDiscoverable(provider: ProviderClient): Promise<void> {
  try {
    await discoverProvider(provider);
  } catch {
    throw badField('issuer', SIGN_IN_MESSAGES.issuerUnreachable);
  }
}

/**
 * PUT: saves `body` (SignInChanges) for company `id`; 400 naming the field, 409 `domain-taken`
 * when a domain is another company's. Returns what the console then shows.
 */
export async function saveSignInSettings(
  owner: Owner,
  id: string,
  body: unknown,
  now = Date.now(),
): Promise<SignInSettings> {
  assertVerified(owner);
  await assertAdminReads(owner, id);
  const db = adminDb();
  const configRef = db.doc(signInConfigPath(id));
  const before = await configRef.get();
  const parsed = parseSignInChanges(body, {
    secretSet: settingsOf(before).secretSet,
    loopbackHttp: env.isDemoProject,
  });
  if ('field' in parsed) throw badField(parsed.field, parsed.error);
  const changes: SignInChanges = parsed.changes;
  const beforeDomains = settingsOf(before).domains;
  assertMayAdd(
    owner,
    changes.domains.filter((domain) => !beforeDomains.includes(domain)),
  );
  const sealedBefore: unknown = before.get('secret');
  const clientSecret =
    changes.clientSecret ?? (isSealedSecret(sealedBefore) ? openSecret(sealedBefore, id) : '');
  await assertDiscoverable({ issuer: changes.issuer, clientId: changes.clientId, clientSecret });

  const saved = await db.runTransaction(async (tx) => {
    const company = await readCompany(tx, id);
    assertAdmin(company, owner);
    const current = settingsOf(await tx.get(configRef));
    const domainRefs = [...new Set([...current.domains, ...changes.domains])].map((domain) => ({
      domain,
      ref: db.doc(signInDomainPath(domain)),
    }));
    const domainDocs = await Promise.all(domainRefs.map(({ ref }) => tx.get(ref)));
    for (const [index, { domain }] of domainRefs.entries()) {
      const holder: unknown = domainDocs[index].get('companyId');
      if (changes.domains.includes(domain) && domainDocs[index].exists && holder !== id) {
        throw new OwnerError(409, {
          error: 'domain-taken',
          field: 'domains',
          message: SIGN_IN_MESSAGES.domainTaken(domain),
        });
      }
    }
    await chargeOwnerWrite(tx, owner.uid, now);
    for (const [index, { domain, ref }] of domainRefs.entries()) {
      if (changes.domains.includes(domain)) {
        tx.set(ref, { companyId: id, required: changes.required });
      } else if (domainDocs[index].get('companyId') === id) {
        tx.delete(ref);
      }
    }
    tx.set(configRef, {
      issuer: changes.issuer,
      clientId: changes.clientId,
      secret: sealSecret(clientSecret, id),
      domains: changes.domains,
      required: changes.required,
      updatedAt: FieldValue.serverTimestamp(),
      updatedBy: owner.uid,
    });
    return { ...changes, secretSet: true };
  });
  for (const domain of new Set([...beforeDomains, ...changes.domains])) forgetDomain(domain);
  const { issuer, clientId, domains, required, secretSet } = saved;
  return { issuer, clientId, domains, required, secretSet };
}

/**
 * DELETE: the company stops signing in with its provider. Its setting goes, and with it each of
 * its domains that is still this company's (another company's is never touched), so that none is
 * left requiring a provider nobody keeps. Passwords work again for those addresses: on this origin
 * at once, on the others once require.ts's cache lets go. Sessions already open stay open.
 * Returns what the console then shows: nothing set.
 */
export async function removeSignInSettings(
  owner: Owner,
  id: string,
  now = Date.now(),
): Promise<SignInSettings> {
  assertVerified(owner);
  const db = adminDb();
  const configRef = db.doc(signInConfigPath(id));
  const removed = await db.runTransaction(async (tx) => {
    assertAdmin(await readCompany(tx, id), owner);
    const refs = settingsOf(await tx.get(configRef)).domains.map((domain) =>
      db.doc(signInDomainPath(domain)),
    );
    const held = (await Promise.all(refs.map((ref) => tx.get(ref)))).filter(
      (doc) => doc.get('companyId') === id,
    );
    await chargeOwnerWrite(tx, owner.uid, now);
    for (const doc of held) tx.delete(doc.ref);
    tx.delete(configRef);
    return held.map((doc) => doc.id);
  });
  for (const domain of removed) forgetDomain(domain);
  return NONE;
}
