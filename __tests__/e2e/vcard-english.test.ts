// The English card's vCard (app/[username]/en/vcard) against the run's stack (the production
// build on the emulators): served and cached like the Greek one, in Latin letters with the Greek
// name as its phonetic name and Greece as the country, read back by a second parser.
import ICAL from 'ical.js';
import { vcardPath } from '@/lib/routes';
import { adminDb } from '@/server/firebase/admin-app';
import { seedProfiles } from '@/tools/lib/seed';
import { get } from '../helpers/http';

const STAMP = Date.now().toString(36);
const CARD = `envcard-${STAMP}`;
/** A username in Greek letters: the route takes it percent-encoded, as its links write it. */
const GREEK = `κάρτα-${STAMP}`;

beforeAll(async () => {
  await seedProfiles(adminDb(), [
    {
      username: CARD,
      firstName: 'Γιώργος',
      lastName: 'Θεοδωρίδης',
      firstNameEn: 'George',
      jobTitle: 'Ναυλομεσίτης',
      jobTitleEn: 'Shipbroker',
      companyName: 'Ναυτιλιακή Αιγαίου',
      city: 'Πειραιάς',
      address: 'Ακτή Μιαούλη 10',
      email: `g-${STAMP}@karta.test`,
    },
    { username: GREEK, firstName: 'Ελένη', lastName: 'Ζαχαρίου' },
  ]);
});

afterAll(async () => {
  await Promise.all([CARD, GREEK].map((username) => adminDb().doc(`users/${username}`).delete()));
});

function parse(body: string) {
  const card = new ICAL.Component(ICAL.parse(body) as unknown as unknown[]);
  return (name: string) => card.getFirstPropertyValue(name);
}

test('the English vCard: Latin name, Greek phonetic name, English title, Greece, a Latin file name', async () => {
  const res = await get(vcardPath(CARD, 'en'));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
  expect(res.headers.get('content-disposition')).toBe(
    `attachment; filename="George.vcf"; filename*=UTF-8''George.vcf`,
  );
  expect(res.headers.get('surrogate-key')).toBe(`card-${CARD}`);
  const value = parse(res.body);
  expect(value('fn')).toBe('George Theodoridis');
  expect(value('n')).toEqual(['Theodoridis', 'George', '', '', '']);
  expect(value('x-phonetic-first-name')).toBe('Γιώργος');
  expect(value('x-phonetic-last-name')).toBe('Θεοδωρίδης');
  expect(value('title')).toBe('Shipbroker');
  expect(value('org')).toBe('Naftiliaki Aigaiou');
  expect(value('adr')).toEqual(['', '', 'Akti Miaouli 10', 'Peiraias', '', '', 'Greece']);

  // Cached like the Greek one: the second answer is the stored one.
  expect((await get(vcardPath(CARD, 'en'))).headers.get('x-nextjs-cache')).toBe('HIT');

  // The Greek vCard beside it, the reverse.
  const greek = parse((await get(vcardPath(CARD))).body);
  expect(greek('fn')).toBe('Γιώργος Θεοδωρίδης');
  expect(greek('x-phonetic-first-name')).toBe('George');
  expect(greek('adr')).toEqual(['', '', 'Ακτή Μιαούλη 10', 'Πειραιάς', '', '', 'Ελλάδα']);
});

test('a Greek username, and a card that is not there', async () => {
  const res = await get(vcardPath(GREEK, 'en'));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toBe(
    `attachment; filename="Eleni.vcf"; filename*=UTF-8''Eleni.vcf`,
  );
  expect(parse(res.body)('fn')).toBe('Eleni Zachariou');
  expect((await get(vcardPath(`nobody-${STAMP}`, 'en'))).status).toBe(404);
});
