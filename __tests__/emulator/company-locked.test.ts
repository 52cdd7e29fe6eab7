// A member's edits against their company's template, through karta's own edit route
// (helpers/company-api.ts), and the card as it then shows (server/profile-store.ts getCard): a
// default shows wherever the member has no value of their own and follows each template change; a
// form opened before a field was locked still saves (the locked field sent as stored, or as the
// company's value, is no change and is not written), while any other value of a locked field is a
// 403 naming it in Greek.
import { COMPANY_FIELD, TEMPLATE_AT_FIELD, TEMPLATE_FIELD, companyPath } from '@/lib/collections';
import { cardInLanguage } from '@/lib/card-language';
import type { CompanyTemplate } from '@/lib/company';
import { adminDb } from '@/server/firebase/admin-app';
import { getCard } from '@/server/profile-store';
import { PATCH as edit } from '@/app/api/owner/cards/[username]/route';
import { FieldValue } from 'firebase-admin/firestore';
import { account, send, type Account } from '../helpers/company-api';
import { claimCard, companyApiFile } from '../helpers/company-api-file';

const PROJECT = 'demo-karta-company-locked';
const USERNAME = 'sofia-locked';
const COMPANY = 'c-locked';

let sofia: Account;

companyApiFile(PROJECT);

const stored = async () => (await adminDb().doc(`users/${USERNAME}`).get()).data();
const shown = async () => {
  const { profile } = await getCard(USERNAME);
  if (!profile) throw new Error(`${USERNAME} shows no card`);
  return profile;
};

/** The admin's save of the template, as server/company/template.ts writes it. */
const saveTemplate = (template: CompanyTemplate) =>
  adminDb()
    .doc(companyPath(COMPANY))
    .set({
      name: 'Studio Φως',
      [TEMPLATE_FIELD]: template,
      [TEMPLATE_AT_FIELD]: FieldValue.serverTimestamp(),
    });

const patch = (changes: object) =>
  send(
    edit,
    `/api/owner/cards/${USERNAME}`,
    { username: USERNAME },
    { token: sofia.token, method: 'PATCH', json: { changes } },
  );

beforeAll(async () => {
  sofia = await account('sofia@locked.test');
  expect(
    await claimCard(sofia, USERNAME, { firstName: 'Σοφία', lastName: 'Αλεξίου', city: 'Πάτρα' }),
  ).toBe(201);
  await saveTemplate({
    city: { value: 'Αθήνα', locked: false, valueEn: 'Athens' },
    accentColor: { value: '#0055aa', locked: false },
  });
  await adminDb()
    .doc(`users/${USERNAME}`)
    .update({ [COMPANY_FIELD]: COMPANY });
});

test('a default shows where the member has no value of their own and follows each template save; a lock shows the company’s', async () => {
  expect(await shown()).toMatchObject({ accentColor: '#0055aa', city: 'Πάτρα' });
  expect((await stored())?.accentColor).toBeUndefined();

  await saveTemplate({
    city: { value: 'Αθήνα', locked: false, valueEn: 'Athens' },
    accentColor: { value: '#aa0055', locked: false },
  });
  expect((await shown()).accentColor).toBe('#aa0055');

  expect((await patch({ accentColor: '#111111' })).status).toBe(200);
  expect((await shown()).accentColor).toBe('#111111');

  await saveTemplate({ accentColor: { value: '#aa0055', locked: true } });
  expect((await shown()).accentColor).toBe('#aa0055');
  // The member's own colour stays stored, hidden while the company locks it.
  expect((await stored())?.accentColor).toBe('#111111');
});

test('a form opened before a field was locked saves: the locked field as stored or as the company’s is left out; another value is a 403 naming it in Greek', async () => {
  await saveTemplate({ city: { value: 'Αθήνα', locked: true, valueEn: 'Athens' } });

  expect(await patch({ city: 'Πάτρα', jobTitle: 'Φωτογράφος' })).toMatchObject({ status: 200 });
  expect(await stored()).toMatchObject({ city: 'Πάτρα', jobTitle: 'Φωτογράφος' });

  expect(await patch({ city: 'Αθήνα', cityEn: 'Athens', jobTitle: 'Αρχιτέκτονας' })).toMatchObject({
    status: 200,
  });
  const after = await stored();
  expect(after).toMatchObject({ city: 'Πάτρα', jobTitle: 'Αρχιτέκτονας' });
  expect(after).not.toHaveProperty('cityEn');

  expect(await patch({ city: 'Λάρισα', jobTitle: 'Σχεδιάστρια' })).toMatchObject({
    status: 403,
    body: {
      error: 'locked',
      field: 'city',
      message: 'Το πεδίο «Πόλη» ορίζεται από την εταιρεία· ρωτήστε τον διαχειριστή.',
    },
  });
  expect(await stored()).toEqual(after);

  const card = await shown();
  expect(card).toMatchObject({ city: 'Αθήνα', jobTitle: 'Αρχιτέκτονας' });
  expect(cardInLanguage(card, 'en').city).toBe('Athens');
});
