// getCard (server/profile-store.ts) of a company's cards against the real emulator: a member card
// shows its company's locked values and logo, its version carries the template's save time; a
// switched-off card comes back off, with its company's name and website; a card whose company
// document is missing shows as a personal card.
import { deleteApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import {
  COMPANY_FIELD,
  OFF_FIELD,
  TEMPLATE_AT_FIELD,
  cardPath,
  companyPath,
} from '@/lib/collections';
import { companyDocument, memberOf } from '../helpers/company-docs';

type Store = typeof import('@/server/profile-store');
type AdminApp = typeof import('@/server/firebase/admin-app');
const PROJECT = 'demo-karta-company-card';
let admin: AdminApp | undefined;
let store: Store;
let app: App;
let db: Firestore;

beforeAll(async () => {
  app = initializeApp({ projectId: PROJECT }, 'company-card-seed');
  db = getFirestore(app);
  await Promise.all(
    getApps()
      .filter((a) => a !== app)
      .map((a) => deleteApp(a)),
  );
  process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID = PROJECT;
  jest.isolateModules(() => {
    store = jest.requireActual<Store>('@/server/profile-store');
    admin = jest.requireActual<AdminApp>('@/server/firebase/admin-app');
  });
  await db.doc(companyPath('studio')).set(
    companyDocument({
      name: 'Studio Φως',
      template: {
        address: { value: 'Ερμού 45, Αθήνα', locked: true },
        companyName: { value: 'Studio Φως', locked: true },
        websiteLink: { value: 'https://studio.example.gr', locked: false },
        accentColor: { value: '#123456', locked: false },
      },
      logoVersion: 'logo1',
      admins: ['u-maria'],
      memberUids: ['u-maria', 'u-kostas'],
    }),
  );
  const member = memberOf('studio');
  await db.doc(cardPath('kostas')).set({
    firstName: 'Κώστας',
    lastName: 'Νικολάου',
    address: 'Πατησίων 1, Αθήνα',
    companyName: 'Δικό μου',
    ownerUid: 'u-kostas',
    ...member,
  });
  await db.doc(cardPath('eleni')).set({
    firstName: 'Ελένη',
    lastName: 'Π',
    ...member,
    [OFF_FIELD]: FieldValue.serverTimestamp(),
  });
  await db.doc(cardPath('orphan')).set({
    firstName: 'Όρφανη',
    lastName: 'Κ',
    address: 'Σταδίου 2',
    [COMPANY_FIELD]: 'gone-company',
  });
});

afterAll(async () => {
  await admin?.adminDb().terminate();
  await deleteApp(app);
});

const timeOf = (t: FirebaseFirestore.Timestamp) =>
  `${t.seconds}.${String(t.nanoseconds).padStart(9, '0')}`;

test('a member card: the locked address and company name instead of its own, the company and its logo; the version is <card>:<templateAt>', async () => {
  const { profile, version, off } = await store.getCard('kostas');
  expect(off).toBeUndefined();
  expect(profile).toMatchObject({
    username: 'kostas',
    address: 'Ερμού 45, Αθήνα',
    companyName: 'Studio Φως',
    company: {
      id: 'studio',
      name: 'Studio Φως',
      logoVersion: 'logo1',
      websiteLink: 'https://studio.example.gr',
    },
  });
  // A default shows where the card has no value of its own: Kostas has no colour.
  expect(profile?.accentColor).toBe('#123456');
  const card = await db.doc(cardPath('kostas')).get();
  const company = await db.doc(companyPath('studio')).get();
  expect(version).toBe(`${timeOf(card.updateTime!)}:${timeOf(company.get(TEMPLATE_AT_FIELD))}`);
});

test('a template save is a new version of the member card, with no write to the card', async () => {
  const before = (await store.getCard('kostas')).version;
  await db.doc(companyPath('studio')).update({
    'template.address': { value: 'Ερμού 50, Αθήνα', locked: true },
    [TEMPLATE_AT_FIELD]: FieldValue.serverTimestamp(),
  });
  const after = await store.getCard('kostas');
  expect(after.profile?.address).toBe('Ερμού 50, Αθήνα');
  expect(after.version).not.toBe(before);
  expect(after.version.split(':')[0]).toBe(before.split(':')[0]);
});

test("a switched-off card: no profile, off with its company's name and website", async () => {
  const { profile, version, off } = await store.getCard('eleni');
  expect(profile).toBeNull();
  expect(off).toEqual({
    id: 'studio',
    name: 'Studio Φως',
    logoVersion: 'logo1',
    websiteLink: 'https://studio.example.gr',
  });
  expect(version).toMatch(/^\d+\.\d{9}:\d+\.\d{9}$/);
});

test('a card whose company document is missing shows as a personal card', async () => {
  const { profile, version, off } = await store.getCard('orphan');
  expect(off).toBeUndefined();
  expect(profile).toEqual({
    username: 'orphan',
    firstName: 'Όρφανη',
    lastName: 'Κ',
    address: 'Σταδίου 2',
  });
  expect(version).toMatch(/^\d+\.\d{9}:none$/);
});
