// firestore.rules as the web SDK meets them on the run's emulator. Each file gets a project of its
// own (so clearFirestore() cannot wipe data another file relies on) with the rules loaded, a
// database per role, the database with the rules off, for seeding and for reading back, and what a
// request costs in evaluations of the rules.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, setDoc, setLogLevel, type Firestore } from 'firebase/firestore';
import {
  ADMINS_FIELD,
  COMPANY_NAME_FIELD,
  MEMBER_UIDS_FIELD,
  companyPath,
} from '@/lib/collections';

export const RULES_TEXT = readFileSync(path.join(__dirname, '..', '..', 'firestore.rules'), 'utf8');
export const OWNER_UID = 'owner-uid';
export const OTHER_UID = 'other-uid';

/** The card's owner, another signed-in user (who may own a card of their own), or a visitor. */
export type Role = 'owner' | 'other' | 'anonymous';

function emulatorHostPort(): { host: string; port: number } {
  const hostPort = process.env.FIRESTORE_EMULATOR_HOST;
  if (!hostPort) throw new Error('FIRESTORE_EMULATOR_HOST is not set: run the emulator project');
  const separator = hostPort.lastIndexOf(':');
  return { host: hostPort.slice(0, separator), port: Number(hostPort.slice(separator + 1)) };
}

export interface RulesFile {
  dbAs(role: Role): Firestore;
  /** Signed in as the account `uid`. */
  dbOf(uid: string): Firestore;
  /** With the rules off, as firebase-admin would: seeding, and reading back what a call left. */
  asServer<T>(work: (db: Firestore) => Promise<T>): Promise<T>;
  /** Wipes the project, then writes the file's documents with the rules off. */
  seed(work: (db: Firestore) => Promise<void>): Promise<void>;
  /**
   * Runs `request`, which the rules must allow, and logs the evaluations it recorded in the
   * emulator's coverage report: how close the request comes to Firestore's limit.
   */
  measured(what: string, request: () => Promise<unknown>): Promise<void>;
}

/**
 * Registers the file's beforeAll and afterAll, on project `projectId` (the file's own, no other
 * file's), with firestore.rules (or `rules`, a variant of them).
 */
export function rulesFile(projectId: string, rules = RULES_TEXT): RulesFile {
  let testEnv: RulesTestEnvironment | undefined;
  beforeAll(async () => {
    setLogLevel('error');
    testEnv = await initializeTestEnvironment({
      projectId,
      firestore: { rules, ...emulatorHostPort() },
    });
  });
  afterAll(async () => {
    await testEnv?.cleanup();
  });
  const env = (): RulesTestEnvironment => {
    if (!testEnv) throw new Error('rulesFile: used before its beforeAll ran');
    return testEnv;
  };
  // The rules-unit-testing contexts are typed for the compat SDK; the modular functions accept them.
  async function asServer<T>(work: (db: Firestore) => Promise<T>): Promise<T> {
    const results: T[] = [];
    await env().withSecurityRulesDisabled(async (context) => {
      results.push(await work(context.firestore() as unknown as Firestore));
    });
    return results[0];
  }
  return {
    dbAs: (role) =>
      (role === 'anonymous'
        ? env().unauthenticatedContext()
        : env().authenticatedContext(role === 'owner' ? OWNER_UID : OTHER_UID)
      ).firestore() as unknown as Firestore,
    dbOf: (uid) => env().authenticatedContext(uid).firestore() as unknown as Firestore,
    asServer,
    async seed(work) {
      await env().clearFirestore();
      await asServer(work);
    },
    async measured(what, request) {
      const before = await evaluatedExpressions(projectId);
      await assertSucceeds(request());
      console.log(
        `rules: ${what} records ${(await evaluatedExpressions(projectId)) - before} evaluations in the emulator's coverage report`,
      );
    },
  };
}

/** Company `id` with the owner (OWNER_UID) as its admin and only member. */
export async function seedOwnersCompany(db: Firestore, id: string, name: string): Promise<void> {
  await setDoc(doc(db, companyPath(id)), {
    [COMPANY_NAME_FIELD]: name,
    [ADMINS_FIELD]: [OWNER_UID],
    [MEMBER_UIDS_FIELD]: [OWNER_UID],
  });
}

/**
 * Asserts that `db` may neither get, set nor delete any of the documents at `paths`. Each write
 * names `companyId`, as its admin's own would, so that a rule granting the admin cannot pass it.
 */
export async function assertNoneReached(
  db: Firestore,
  paths: string[],
  companyId: string,
): Promise<void> {
  for (const path of paths) {
    await assertFails(getDoc(doc(db, path)));
    await assertFails(setDoc(doc(db, path), { companyId }));
    await assertFails(deleteDoc(doc(db, path)));
  }
}

interface CoverageNode {
  values?: Array<{ count: number }>;
  children?: CoverageNode[];
}

const evaluations = (nodes: CoverageNode[] = []): number =>
  nodes.reduce(
    (sum, node) =>
      sum + (node.values ?? []).reduce((n, v) => n + v.count, 0) + evaluations(node.children),
    0,
  );

/**
 * Every evaluation of an expression of the rules in `projectId` so far, from the emulator's rule
 * coverage report (each expression with the values it took, and how often). The emulator counts
 * some evaluations there that its limit of 1,000 does not: a figure to compare, not the limit's.
 */
async function evaluatedExpressions(projectId: string): Promise<number> {
  const { host, port } = emulatorHostPort();
  const res = await fetch(`http://${host}:${port}/emulator/v1/projects/${projectId}:ruleCoverage`);
  if (!res.ok) throw new Error(`The emulator's rule coverage answered HTTP ${res.status}`);
  return evaluations(((await res.json()) as { report?: CoverageNode[] }).report);
}
