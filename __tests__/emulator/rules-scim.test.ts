// Directory sync's documents are the server's alone: no browser, signed in or not (the company's
// admin included), reads, lists or writes a SCIM token's hash, the company's SCIM settings, a
// directory user (the directory's personal data), the userName index, or the request log.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, doc, getDocs, setDoc } from 'firebase/firestore';
import {
  SCIM_TOKENS_COLLECTION,
  directoryUserNamePath,
  directoryUserPath,
  directoryUsersPath,
  scimLogPath,
  scimSettingsPath,
  scimTokenPath,
} from '@/lib/collections';
import { assertNoneReached, rulesFile, seedOwnersCompany, type Role } from '../helpers/rules';

const rules = rulesFile('demo-karta-rules-scim');

const PATHS = [
  scimTokenPath('a'.repeat(64)),
  scimSettingsPath('fos'),
  directoryUserPath('fos', 'b'.repeat(32)),
  directoryUserNamePath('fos', 'c'.repeat(64)),
  `${scimLogPath('fos')}/entry`,
];
const LISTS = [SCIM_TOKENS_COLLECTION, directoryUsersPath('fos'), scimLogPath('fos')];

beforeAll(() =>
  rules.seed(async (db) => {
    await seedOwnersCompany(db, 'fos', 'Φως');
    for (const path of PATHS) await setDoc(doc(db, path), { companyId: 'fos', userName: 'x' });
  }),
);

test.each<Role>(['owner', 'other', 'anonymous'])(
  'as %s (the owner is the company admin): no read, list, write or delete of any of them',
  async (role) => {
    const db = rules.dbAs(role);
    await assertNoneReached(db, PATHS, 'fos');
    for (const path of LISTS) await assertFails(getDocs(collection(db, path)));
  },
);
