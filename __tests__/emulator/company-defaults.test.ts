// The one-off clean-up of defaults copied onto member cards when they joined
// (bin/lib/company-defaults.ts): found without a change, then removed exactly, leaving a member's
// own different value, a locked field's stored value, a switched-off card and another company's.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { clearCopiedDefaults, findCopiedDefaults } from '@/bin/lib/company-defaults';
import { COMPANY_FIELD, OFF_FIELD, UPDATED_FIELD, cardPath, companyPath } from '@/lib/collections';

const PROJECT = 'demo-karta-company-defaults';
let app: App;
let db: Firestore;

const LINKS = [{ kind: 'link', url: 'https://studio.test/', label: 'Έργα' }];

beforeAll(async () => {
  app = initializeApp({ projectId: PROJECT }, 'company-defaults-test');
  db = getFirestore(app);
  await db.doc(companyPath('studio')).set({
    name: 'Studio Φως',
    template: {
      city: { value: 'Αθήνα', locked: false, valueEn: 'Athens' },
      accentColor: { value: '#0f766e', locked: false },
      phoneNumber: { value: '210 123 4567', locked: true },
      address: { value: 'Ερμού 10', locked: false },
      links: { value: LINKS, locked: false },
    },
  });
  const card = (username: string, fields: object) =>
    db.doc(cardPath(username)).set({ username, firstName: username, lastName: 'Δ', ...fields });
  await Promise.all([
    // Every default copied, the English twin too; the locked phone as stored.
    card('copied', {
      [COMPANY_FIELD]: 'studio',
      city: 'Αθήνα',
      cityEn: 'Athens',
      accentColor: '#0f766e',
      links: LINKS,
      phoneNumber: '210 123 4567',
    }),
    // The member's own: a colour of their own, the city with their own English words.
    card('own', {
      [COMPANY_FIELD]: 'studio',
      accentColor: '#b91c1c',
      city: 'Αθήνα',
      cityEn: 'Athens, Greece',
      address: 'Ερμού 10',
    }),
    card('off', { [COMPANY_FIELD]: 'studio', city: 'Αθήνα', [OFF_FIELD]: Timestamp.now() }),
    card('elsewhere', { [COMPANY_FIELD]: 'other', city: 'Αθήνα' }),
  ]);
});

afterAll(async () => {
  await db.recursiveDelete(db.collection('users'));
  await db.recursiveDelete(db.collection('companies'));
  await deleteApp(app);
});

const stored = async (username: string) => (await db.doc(cardPath(username)).get()).data();

test('a dry run finds the copies and changes nothing; --apply removes exactly them', async () => {
  const before = await stored('copied');
  const found = await findCopiedDefaults(db, 'studio');
  expect(found).toEqual([
    { username: 'copied', fields: ['city', 'cityEn', 'accentColor', 'links'] },
    { username: 'own', fields: ['address'] },
  ]);
  expect(await stored('copied')).toEqual(before);

  await clearCopiedDefaults(db, found);
  const copied = await stored('copied');
  for (const field of ['city', 'cityEn', 'accentColor', 'links'])
    expect(copied).not.toHaveProperty(field);
  expect(copied).toMatchObject({ phoneNumber: '210 123 4567' });
  expect(copied?.[UPDATED_FIELD]).toBeInstanceOf(Timestamp);
  expect(await stored('own')).toMatchObject({
    accentColor: '#b91c1c',
    city: 'Αθήνα',
    cityEn: 'Athens, Greece',
  });
  expect(await stored('own')).not.toHaveProperty('address');
  expect(await stored('off')).toMatchObject({ city: 'Αθήνα' });
  expect(await stored('elsewhere')).toMatchObject({ city: 'Αθήνα' });
  expect(await findCopiedDefaults(db, 'studio')).toEqual([]);
});

test('an unknown company is an error, not an empty list', async () => {
  await expect(findCopiedDefaults(db, 'nobody')).rejects.toThrow('No company nobody.');
});
