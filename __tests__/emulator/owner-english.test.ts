// The owner's English words through karta's own edit route (helpers/company-api.ts): the seven
// English fields and a link's English label stored as sent, removed with null, and refused like
// their Greek twins (a control character, over the limit) with a 400 naming the field, the card
// unchanged. On a member's card, the English twin of a field the company locks is the company's:
// refused on write, and one stored before joining never shows.
import { CARD_MESSAGES, ENGLISH_FIELDS } from '@/lib/profile';
import { LINK_MESSAGES } from '@/lib/card-links';
import { COMPANY_FIELD, TEMPLATE_FIELD, companyPath } from '@/lib/collections';
import { adminDb } from '@/server/firebase/admin-app';
import { getCard } from '@/server/profile-store';
import { cardInLanguage } from '@/lib/card-language';
import { cardSummary } from '@/lib/card-summary';
import { profileVCard } from '@/lib/vcard';
import { PATCH as edit } from '@/app/api/owner/cards/[username]/route';
import { account, send, type Account } from '../helpers/company-api';
import { claimCard, companyApiFile } from '../helpers/company-api-file';

const PROJECT = 'demo-karta-owner-english';
const USERNAME = 'eleni-en';

let eleni: Account;

const card = async () => (await adminDb().doc(`users/${USERNAME}`).get()).data();

const patch = (changes: object) =>
  send(
    edit,
    `/api/owner/cards/${USERNAME}`,
    { username: USERNAME },
    { token: eleni.token, method: 'PATCH', json: { changes } },
  );

const ENGLISH = {
  firstNameEn: 'Helen',
  lastNameEn: 'Papadopoulou',
  jobTitleEn: 'Architect',
  companyNameEn: 'Light Studio S.A.',
  cityEn: 'Athens',
  addressEn: '10 Ermou St',
  addressDetailsEn: '3rd floor',
};

companyApiFile(PROJECT);

beforeAll(async () => {
  eleni = await account('eleni@english.test');
  expect(
    await claimCard(eleni, USERNAME, {
      firstName: 'Ελένη',
      lastName: 'Παπαδοπούλου',
      city: 'Αθήνα',
    }),
  ).toBe(201);
});

test('every English field and a link’s English label are stored as sent, and null removes one', async () => {
  expect(Object.keys(ENGLISH).sort()).toEqual(Object.values(ENGLISH_FIELDS).sort());
  const links = [{ kind: 'link', url: 'https://eleni.test/', label: 'Έργα', labelEn: 'Work' }];
  expect(await patch({ ...ENGLISH, links })).toMatchObject({ status: 200 });
  expect(await card()).toMatchObject({ ...ENGLISH, firstName: 'Ελένη', links });

  expect((await patch({ firstNameEn: null, cityEn: null })).status).toBe(200);
  const after = await card();
  expect(after).not.toHaveProperty('firstNameEn');
  expect(after).not.toHaveProperty('cityEn');
  expect(after).toMatchObject({ lastNameEn: 'Papadopoulou', firstName: 'Ελένη', city: 'Αθήνα' });
});

test('an English field with a control character or over its Greek twin’s limit is refused, naming it', async () => {
  const before = await card();
  expect(await patch({ firstNameEn: 'a\nb' })).toMatchObject({
    status: 400,
    body: { field: 'firstNameEn', error: CARD_MESSAGES.name },
  });
  expect(await patch({ lastNameEn: 'x'.repeat(51) })).toMatchObject({
    status: 400,
    body: { field: 'lastNameEn', error: CARD_MESSAGES.tooLong(50) },
  });
  expect(await patch({ addressDetailsEn: 'όροφος\t3' })).toMatchObject({
    status: 400,
    body: { field: 'addressDetailsEn', error: CARD_MESSAGES.text },
  });
  expect(
    await patch({
      links: [{ kind: 'link', url: 'https://eleni.test/', label: 'Έργα', labelEn: 'Wo\u202erk' }],
    }),
  ).toMatchObject({
    status: 400,
    body: { field: 'links.0.labelEn', error: LINK_MESSAGES.labelControl },
  });
  // A refused edit writes nothing, not even the valid fields beside the bad one.
  expect(await patch({ jobTitleEn: 'Planner', firstNameEn: 'a\u0000b' })).toMatchObject({
    status: 400,
    body: { field: 'firstNameEn' },
  });
  expect(await card()).toEqual(before);
});

test('on a member’s card, a locked field’s English twin is the company’s: a write of it is a 403 naming it, and one stored before joining never shows', async () => {
  const db = adminDb();
  await db.doc(companyPath('c-english')).set({
    name: 'Studio Φως',
    [TEMPLATE_FIELD]: {
      city: { value: 'Πάτρα', locked: true },
      companyName: { value: 'Studio Φως', locked: true },
      address: { value: 'Ερμού 45, Αθήνα', locked: true },
    },
  });
  // Stored while the card was the owner's alone: «Light Studio S.A.», «10 Ermou St».
  await db.doc(`users/${USERNAME}`).update({ [COMPANY_FIELD]: 'c-english' });
  const before = await card();
  expect(await patch({ city: 'Λάρισα' })).toMatchObject({
    status: 403,
    body: { error: 'locked', field: 'city' },
  });
  expect(
    await patch({ companyNameEn: 'Rival Corp Ltd', addressEn: '1 Fake Street, London' }),
  ).toMatchObject({ status: 403, body: { error: 'locked', field: 'companyNameEn' } });
  expect(await patch({ jobTitle: 'Αρχιτέκτων', cityEn: 'Patras' })).toMatchObject({
    status: 403,
    body: { error: 'locked', field: 'cityEn' },
  });
  expect(await card()).toEqual(before);

  const { profile } = await getCard(USERNAME);
  if (!profile) throw new Error('no card');
  const english = cardInLanguage(profile, 'en');
  expect(english).toMatchObject({ companyName: 'Studio Fos', address: 'Ermou 45, Athina' });
  expect(english.city).toBe('Patra');
  const vcard = profileVCard(profile, undefined, 'en');
  expect(vcard).toContain('ORG:Studio Fos');
  expect(vcard).not.toMatch(/Light Studio|10 Ermou/);
  expect(cardSummary(english, 'en').company).toBe('Studio Fos');
});
