// A company's directory provisioned by SCIM, as Microsoft Entra ID sends it, on the production
// path (tools/lib/scale-stack.ts: Varnish, two origins, Redis, the daemon): `users` POSTs of
// /scim/v2/Users, PROVISION_AT_ONCE at a time, through the CDN (which passes them: they carry an
// Authorization header); the time of each request, and every new card live through the CDN. Then
// `deprovisioned` of them set `active` to "False" (Entra's PATCH, also PROVISION_AT_ONCE at a
// time), each card cached by Varnish first: the ms from each PATCH until every answer of the card
// (pages, vCards, QR code) is switched off through Varnish.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { TEMPLATE_AT_FIELD, companyPath } from '../../lib/collections';
import { cardPaths } from '../../lib/routes';
import { SCIM_SCHEMAS } from '../../lib/scim';
import { issueScimAccess } from '../../tools/lib/demo-scim';
import { BUDGETS, notRunRow, partRow, type BudgetRow } from './budgets';
import { untilEvery } from './cdn-poll';
import type { BuiltPartOptions } from './part-options';
import { startPartStack } from './part-stack';
import { pool } from './pool';
import { median, percentile, whole } from './stats';

export interface DirectoryResult {
  users: number;
  /** Each POST's ms, request sent → answer read. */
  createMs: number[];
  p95CreateMs: number;
  /** POSTs that did not answer 201. */
  failed: number;
  /** Each deprovisioned user's ms, PATCH sent → every answer of its card 410 through Varnish. */
  offMs: number[];
}

export interface DirectoryOptions extends BuiltPartOptions {
  db: Firestore;
  users: number;
  deprovisioned: number;
}

/** Entra ID's provisioning sends a few requests at once per application. */
const PROVISION_AT_ONCE = 4;
const COMPANY_ID = 'bench-directory';
const COMPANY_NAME = 'Κατάλογος Α.Ε.';
const {
  user: SCIM_USER,
  enterprise: ENTERPRISE_USER,
  karta: KARTA_USER,
  patch: PATCH_OP,
} = SCIM_SCHEMAS;
const GIVEN = ['Παναγιώτης', 'Ελένη', 'Γιώργος', 'Μαρία', 'Δημήτρης', 'Κατερίνα'];
const FAMILY = ['Οικονόμου', 'Παπαδοπούλου', 'Νικολάου', 'Γεωργίου', 'Βασιλείου'];

/** A user as Entra ID's provisioning creates one (its documented request, with our attributes). */
function entraUser(i: number) {
  const givenName = GIVEN[i % GIVEN.length];
  const familyName = FAMILY[Math.floor(i / GIVEN.length) % FAMILY.length];
  const userName = `user${i}@katalogos.example.gr`;
  return {
    schemas: [SCIM_USER, ENTERPRISE_USER],
    externalId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    userName,
    active: true,
    displayName: `${givenName} ${familyName}`,
    emails: [{ primary: true, type: 'work', value: userName }],
    meta: { resourceType: 'User' },
    name: { formatted: `${givenName} ${familyName}`, familyName, givenName },
    title: 'Σύμβουλος πωλήσεων',
    phoneNumbers: [{ type: 'mobile', value: '+30 691 234 5678' }],
    [ENTERPRISE_USER]: { department: 'Πωλήσεις' },
  };
}

async function seed(db: Firestore): Promise<void> {
  await db.doc(companyPath(COMPANY_ID)).set({
    name: COMPANY_NAME,
    template: {
      companyName: { value: COMPANY_NAME, locked: true },
      address: { value: 'Λεωφόρος Συγγρού 100, Αθήνα', locked: true },
    },
    admins: [],
    memberUids: [],
    [TEMPLATE_AT_FIELD]: FieldValue.serverTimestamp(),
    createdAt: FieldValue.serverTimestamp(),
  });
}

/** The card's username, from the resource's `cardUrl` (`{site}/{username}`). */
function usernameOf(resource: Record<string, unknown>): string {
  const extension = resource[KARTA_USER] as { cardUrl?: string } | undefined;
  if (!extension?.cardUrl) throw new Error('A created user carries no cardUrl');
  return decodeURIComponent(new URL(extension.cardUrl).pathname.slice(1));
}

export async function measureDirectory(options: DirectoryOptions): Promise<DirectoryResult> {
  const { db } = options;
  await seed(db);
  const stack = await startPartStack(options, 'directory-stack.log');
  // As an admin's «Νέο διακριτικό» makes it; the directory reaches karta through the CDN.
  const { baseUrl, token } = await issueScimAccess(db, COMPANY_ID, stack.cdnUrl);
  const scim = (pathname: string, method: string, body: unknown) =>
    fetch(`${baseUrl}/${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });

  const indexes = Array.from({ length: options.users }, (_, i) => i);
  const createMs: number[] = [];
  const created: Array<{ id: string; username: string }> = [];
  let failed = 0;
  let firstFailure = '';
  await pool(indexes, PROVISION_AT_ONCE, async (i) => {
    const since = performance.now();
    const res = await scim('Users', 'POST', entraUser(i));
    const text = await res.text();
    createMs.push(performance.now() - since);
    if (res.status !== 201) {
      failed++;
      firstFailure ||= `HTTP ${res.status}: ${text.slice(0, 200)}`;
      return;
    }
    const body = JSON.parse(text) as Record<string, unknown>;
    created.push({ id: String(body.id), username: usernameOf(body) });
  });
  const p95CreateMs = percentile(createMs, 95);
  console.log(
    `  ${options.users} users POSTed, ${PROVISION_AT_ONCE} at a time: p50 ${whole(median(createMs))} ms, ` +
      `p95 ${whole(p95CreateMs)} ms, ${failed} not created${firstFailure ? ` (${firstFailure})` : ''}`,
  );

  // Every card live: its page through the CDN, which also caches it for the switch-off below.
  let notLive = 0;
  await pool(created, 20, async ({ username }) => {
    const res = await fetch(`${stack.cdnUrl}/${encodeURIComponent(username)}`);
    await res.arrayBuffer();
    if (res.status !== 200) notLive++;
  });
  if (notLive > 0) throw new Error(`${notLive} of ${created.length} provisioned cards not live`);
  console.log(`  every one of the ${created.length} cards live through Varnish`);

  const offMs: number[] = [];
  await pool(created.slice(0, options.deprovisioned), PROVISION_AT_ONCE, async (user) => {
    const paths = cardPaths(user.username);
    await untilEvery(stack, paths, (res) => res.headers.get('x-cache') === 'HIT', 'cached');
    const since = Date.now();
    const res = await scim(`Users/${user.id}`, 'PATCH', {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`Deprovisioning /${user.username} answered HTTP ${res.status}`);
    await untilEvery(
      stack,
      paths,
      (answer, _body, pathname) =>
        pathname.endsWith('/vcard') ? answer.status === 200 : answer.status === 410,
      'switched off (410)',
    );
    offMs.push(Date.now() - since);
  });
  console.log(
    `  ${offMs.length} deprovisioned → 410 through Varnish: p50 ${whole(median(offMs))} ms, ` +
      `max ${whole(Math.max(...offMs))} ms`,
  );
  return { users: options.users, createMs, p95CreateMs, failed, offMs };
}

/** The part's budget rows; without figures, the one row that says why. */
export function directoryRows(result: DirectoryResult | undefined, error?: string): BudgetRow[] {
  const part = 'Directory (SCIM)';
  const budget =
    `users POSTed as Entra ID sends them, ${PROVISION_AT_ONCE} at a time: every card live, ` +
    `p95 ≤ ${whole(BUDGETS.scimCreateP95Ms)} ms`;
  if (!result) return [notRunRow(part, budget, error)];
  const row = partRow(part);
  return [
    row(
      budget,
      `${result.users} users: p95 ${whole(result.p95CreateMs)} ms (p50 ${whole(median(result.createMs))} ms), ` +
        `${result.failed} not created`,
      result.failed === 0 && result.p95CreateMs <= BUDGETS.scimCreateP95Ms,
    ),
    row(
      `a user deprovisioned (active "False") → its card 410 through Varnish, every one ` +
        `≤ ${whole(BUDGETS.scimOffMaxMs)} ms`,
      `${result.offMs.length} users: p50 ${whole(median(result.offMs))} ms, max ${whole(Math.max(...result.offMs))} ms`,
      Math.max(...result.offMs) <= BUDGETS.scimOffMaxMs,
    ),
  ];
}
