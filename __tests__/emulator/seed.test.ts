import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  ADMINS_FIELD,
  COMPANIES_COLLECTION,
  COMPANY_FIELD,
  COMPANY_NAME_FIELD,
  JOINED_FIELD,
  LOGO_VERSION_FIELD,
  MEMBER_UIDS_FIELD,
  OUTBOX_COLLECTION,
  OWNER_FIELD,
  TEMPLATE_AT_FIELD,
  TEMPLATE_FIELD,
  UPDATED_FIELD,
  HOOKS_PENDING_FIELD,
  companyLogoPath,
  companyPath,
  invitesPath,
  memberPath,
  membersPath,
} from '@/lib/collections';
import { INVITE_TTL_MS } from '@/lib/company';
import { EDITABLE_FIELDS } from '@/lib/profile';
import {
  DEMO_COMPANY_ID,
  DEMO_LOGO_FILE,
  DEMO_TEMPLATE,
  seedDemoCompany,
} from '@/tools/lib/demo-company';
import type { DemoOwner } from '@/tools/lib/demo-owners';
import { localFirebaseEnv } from '@/tools/lib/local-env';
import { DEMO_PROFILES_FILE, ROOT } from '@/tools/lib/paths';
import { loadProfilesFile, parseProfiles, seedLiveProject, seedProfiles } from '@/tools/lib/seed';

const run = promisify(execFile);
// A project of its own: nothing else in the run reads or writes it.
const PROJECT = 'demo-karta-seed';
let app: App;
let db: Firestore;

/** What a live seed adds to every card it writes: the change watcher follows it. */
// A seeded card owes its deliveries as any written card does (server/card-stamp.ts).
const stamped = { [UPDATED_FIELD]: expect.any(Timestamp) as unknown, [HOOKS_PENDING_FIELD]: true };

async function allUsers(): Promise<Record<string, Record<string, unknown>>> {
  const snapshot = await db.collection('users').get();
  return Object.fromEntries(snapshot.docs.map((d) => [d.id, d.data()]));
}

beforeAll(() => {
  app = initializeApp({ projectId: PROJECT }, 'seed-test');
  db = getFirestore(app);
});

beforeEach(async () => {
  await db.recursiveDelete(db.collection('users'));
});

afterAll(async () => {
  await deleteApp(app);
});

test('the demo file holds the profiles the product needs, with the product field names', () => {
  const profiles = loadProfilesFile(DEMO_PROFILES_FILE);
  expect(profiles.length).toBeGreaterThanOrEqual(4);
  // A card stores its username and what its owner may edit; nothing else.
  const fields = ['username', ...EDITABLE_FIELDS];
  for (const p of profiles) {
    for (const key of Object.keys(p)) expect(fields).toContain(key);
  }
  const has = (p: Record<string, unknown>, k: string) => typeof p[k] === 'string' && p[k] !== '';
  expect(profiles.some((p) => has(p, 'facebookLink') && has(p, 'instagramLink'))).toBe(true);
  expect(
    profiles.some(
      (p) => !has(p, 'facebookLink') && !has(p, 'instagramLink') && has(p, 'phoneNumber'),
    ),
  ).toBe(true);
  expect(
    profiles.some(
      (p) =>
        has(p, 'addressDetails') &&
        /[άέήίόύώϊϋΐΰ]/.test(String(p.address)) &&
        String(p.address).length > 40,
    ),
  ).toBe(true);
  expect(profiles.some((p) => Object.keys(p).sort().join() === 'firstName,lastName,username')).toBe(
    true,
  );
});

test('seeding writes every profile with its fields, and seeding again changes nothing', async () => {
  const profiles = loadProfilesFile(DEMO_PROFILES_FILE);
  expect(await seedProfiles(db, profiles)).toBe(profiles.length);
  const first = await allUsers();
  expect(Object.keys(first).sort()).toEqual(profiles.map((p) => p.username).sort());
  for (const p of profiles) expect(first[p.username]).toEqual(p);

  // An edit in between is put back, and nothing is duplicated.
  await db.collection('users').doc(profiles[0].username).update({ jobTitle: 'changed', extra: 1 });
  await seedProfiles(db, profiles);
  expect(await allUsers()).toEqual(first);
});

test('npm run seed loads a file of the user into the Firestore the environment names', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karta-seed-'));
  const file = path.join(dir, 'mine.json');
  writeFileSync(file, JSON.stringify([{ username: 'zoe', firstName: 'Ζωή', lastName: 'Λάμπρου' }]));
  const env = {
    ...process.env,
    ...localFirebaseEnv(PROJECT, process.env.FIRESTORE_EMULATOR_HOST as string),
  };
  const { stdout } = await run('npm', ['run', '--silent', 'seed', '--', file], { cwd: ROOT, env });
  expect(stdout).toMatch(
    /Seeded 1 profile\(s\) from .*mine\.json into emulator .*project demo-karta-seed/,
  );
  expect(await allUsers()).toEqual({
    zoe: { username: 'zoe', firstName: 'Ζωή', lastName: 'Λάμπρου', ...stamped },
  });

  writeFileSync(file, '[{"firstName": "no username"}]');
  await expect(
    run('npm', ['run', '--silent', 'seed', '--', file], { cwd: ROOT, env }),
  ).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringMatching(
      /mine\.json\[0\]: "username" must be a valid Firestore document id/,
    ),
  });
});

describe('npm run seed on a project whose cards may have owners', () => {
  beforeEach(async () => {
    await db
      .doc('users/owned')
      .set({ username: 'owned', firstName: 'Όλγα', [OWNER_FIELD]: 'uid-1' });
    await db.doc('users/free').set({ username: 'free', firstName: 'Φώτης', city: 'Βόλος' });
  });

  test('an owned card is left alone, a free one merged, an ownerUid in the input never written', async () => {
    const report = await seedLiveProject(db, [
      { username: 'owned', firstName: 'Άλλη', [OWNER_FIELD]: 'intruder' },
      { username: 'free', jobTitle: 'Μάγειρας', [OWNER_FIELD]: 'intruder' },
      { username: 'nea', firstName: 'Νέα' },
    ]);
    expect(report).toEqual({
      written: ['free', 'nea'],
      owned: ['owned'],
      ownerIgnored: ['owned', 'free'],
    });
    expect(await allUsers()).toEqual({
      owned: { username: 'owned', firstName: 'Όλγα', [OWNER_FIELD]: 'uid-1' },
      // Merged: the city the input did not name is still there, and no owner was made.
      free: {
        username: 'free',
        firstName: 'Φώτης',
        city: 'Βόλος',
        jobTitle: 'Μάγειρας',
        ...stamped,
      },
      nea: { username: 'nea', firstName: 'Νέα', ...stamped },
    });
  });

  test('--force merges into an owned card and keeps its owner', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'karta-seed-'));
    const file = path.join(dir, 'owned.json');
    writeFileSync(
      file,
      JSON.stringify([{ username: 'owned', firstName: 'Άλλη', [OWNER_FIELD]: 'intruder' }]),
    );
    const env = {
      ...process.env,
      ...localFirebaseEnv(PROJECT, process.env.FIRESTORE_EMULATOR_HOST as string),
    };
    const plain = await run('npm', ['run', '--silent', 'seed', '--', file], { cwd: ROOT, env });
    expect(plain.stdout).toContain('Left alone, as their owners hold them');
    expect((await db.doc('users/owned').get()).get('firstName')).toBe('Όλγα');
    const forced = await run('npm', ['run', '--silent', 'seed', '--', '--force', file], {
      cwd: ROOT,
      env,
    });
    expect(forced.stdout).toMatch(/Seeded 1 profile\(s\)/);
    expect(forced.stdout).toContain('Not written: the ownerUid given for owned.');
    expect((await db.doc('users/owned').get()).data()).toEqual({
      username: 'owned',
      firstName: 'Άλλη',
      [OWNER_FIELD]: 'uid-1',
      ...stamped,
    });
  });
});

describe('bad input files get a clear error naming the place', () => {
  test.each([
    ['not json', '{', /f\.json: not valid JSON/],
    ['empty array', '[]', /f\.json: expected a non-empty array of profiles/],
    ['a string item', '["x"]', /f\.json\[0\]: a profile must be an object/],
    ['a slash in a username', '[{"username":"a/b"}]', /f\.json\[0\]: "username" must be a valid/],
    [
      'a repeated username',
      '[{"username":"a"},{"username":"a"}]',
      /f\.json\[1\]: username "a" repeats/,
    ],
  ])('%s', (_, text, message) => {
    expect(() => parseProfiles(text, 'f.json')).toThrow(message);
  });

  test('an object keyed by username is accepted too', () => {
    expect(parseProfiles('{"eva": {"firstName": "Εύα"}}', 'f.json')).toEqual([
      { username: 'eva', firstName: 'Εύα' },
    ]);
  });
});

describe('the demo company', () => {
  const owners: DemoOwner[] = ['maria', 'nikos', 'eleni', 'kostas', 'alice'].map((username) => ({
    username,
    email: `${username}@karta.test`,
    password: `karta-${username}`,
    uid: `uid-${username}`,
  }));

  beforeEach(async () => {
    await db.recursiveDelete(db.collection(COMPANIES_COLLECTION));
    await seedProfiles(db, loadProfilesFile(DEMO_PROFILES_FILE));
  });

  test('«Studio Φως»: Maria admin, Kostas and Alice members, their cards joined, one invitation pending, no mail queued', async () => {
    const profiles = await allUsers();
    const company = await seedDemoCompany(db, owners);
    expect(company.id).toBe(DEMO_COMPANY_ID);
    expect([...company.roles]).toEqual([
      ['maria', 'admin'],
      ['kostas', 'member'],
      ['alice', 'member'],
    ]);

    const stored = (await db.doc(companyPath(DEMO_COMPANY_ID)).get()).data()!;
    expect(stored).toMatchObject({
      [COMPANY_NAME_FIELD]: 'Studio Φως',
      [TEMPLATE_FIELD]: DEMO_TEMPLATE,
      [ADMINS_FIELD]: ['uid-maria'],
      [MEMBER_UIDS_FIELD]: ['uid-maria', 'uid-kostas', 'uid-alice'],
    });
    expect(stored[TEMPLATE_AT_FIELD]).toBeInstanceOf(Timestamp);

    const logo = (await db.doc(companyLogoPath(DEMO_COMPANY_ID)).get()).data()!;
    expect(Buffer.from(logo.bytes).equals(readFileSync(DEMO_LOGO_FILE))).toBe(true);
    expect(logo).toMatchObject({ contentType: 'image/png', version: stored[LOGO_VERSION_FIELD] });

    const users = await allUsers();
    for (const username of ['maria', 'kostas', 'alice']) {
      expect(users[username]).toMatchObject({
        [COMPANY_FIELD]: DEMO_COMPANY_ID,
        [JOINED_FIELD]: expect.any(Timestamp),
      });
      const record = (await db.doc(memberPath(DEMO_COMPANY_ID, `uid-${username}`)).get()).data();
      expect(record).toMatchObject({
        username,
        role: username === 'maria' ? 'admin' : 'member',
        status: 'active',
        email: `${username}@karta.test`,
        firstName: profiles[username].firstName,
      });
    }
    // Nothing of the template is copied onto a card (the default colour and the locked address
    // show over it when it renders): a card holds its own values only.
    expect(users.kostas.accentColor).toBe(profiles.kostas.accentColor);
    expect(DEMO_TEMPLATE.accentColor?.value).toBeDefined();
    expect(users.alice.address).toBe(profiles.alice.address);
    // Not in the company.
    expect(users.nikos[COMPANY_FIELD]).toBeUndefined();
    expect(users.nikos).toEqual(profiles.nikos);

    const invites = await db.collection(invitesPath(DEMO_COMPANY_ID)).get();
    expect(invites.size).toBe(1);
    const [invite] = invites.docs;
    expect(invite.data()).toMatchObject({
      email: 'eleni@example.com',
      status: 'pending',
      invitedBy: 'uid-maria',
    });
    const ttl = invite.get('expiresAt').toMillis() - invite.get('createdAt').toMillis();
    expect(Math.abs(ttl - INVITE_TTL_MS)).toBeLessThan(60_000);
    // The token's secret is stored only as its SHA-256.
    const secret = company.inviteToken.slice(`${DEMO_COMPANY_ID}.`.length);
    expect(invite.id).toBe(createHash('sha256').update(secret).digest('hex'));
    expect((await db.collection(OUTBOX_COLLECTION).get()).size).toBe(0);
  });

  test('seeding it again leaves one pending invitation', async () => {
    await seedDemoCompany(db, owners);
    await seedProfiles(db, loadProfilesFile(DEMO_PROFILES_FILE));
    await seedDemoCompany(db, owners);
    expect((await db.collection(invitesPath(DEMO_COMPANY_ID)).get()).size).toBe(1);
    expect((await db.collection(membersPath(DEMO_COMPANY_ID)).get()).size).toBe(3);
  });

  test('a missing member card is a clear error', async () => {
    await expect(seedDemoCompany(db, owners.slice(0, 3))).rejects.toThrow(
      "The demo company's member kostas has no demo owner.",
    );
  });
});
