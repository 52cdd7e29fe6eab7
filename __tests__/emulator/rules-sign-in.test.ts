// The company sign-in's documents are the server's alone: no browser, signed in or not (the
// company's admin included), reads or writes a company's OIDC setting (its sealed secret), a
// domain's company, or a sign-in under way.
import { doc, setDoc } from 'firebase/firestore';
import { signInConfigPath, signInDomainPath, signInStatePath } from '@/lib/collections';
import { assertNoneReached, rulesFile, seedOwnersCompany, type Role } from '../helpers/rules';

const rules = rulesFile('demo-karta-rules-sign-in');

const PATHS = [signInConfigPath('fos'), signInDomainPath('fos.test'), signInStatePath('abc')];

beforeAll(() =>
  rules.seed(async (db) => {
    await seedOwnersCompany(db, 'fos', 'Φως');
    await setDoc(doc(db, PATHS[0]), { issuer: 'https://login.fos.test', clientId: 'karta' });
    await setDoc(doc(db, PATHS[1]), { companyId: 'fos', required: true });
    await setDoc(doc(db, PATHS[2]), { companyId: 'fos', nonce: 'n', verifier: 'v' });
  }),
);

test.each<Role>(['owner', 'other', 'anonymous'])(
  'as %s (the owner is the company admin): no read, write or delete of any of them',
  (role) => assertNoneReached(rules.dbAs(role), PATHS, 'fos'),
);
