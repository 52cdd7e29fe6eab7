// The teams' side of firestore.rules (lib/teams.ts): the company's members, admins included, read
// its teams (their card's preview shows their team's values); a removed member, another company's
// admin and a visitor read none; no browser writes a team, a member included.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, setDoc, updateDoc } from 'firebase/firestore';
import {
  ADMINS_FIELD,
  COMPANY_NAME_FIELD,
  MEMBER_UIDS_FIELD,
  TEAM_NAME_FIELD,
  TEAM_OVERRIDES_FIELD,
  companyPath,
  teamPath,
} from '@/lib/collections';
import { rulesFile } from '../helpers/rules';

const { dbOf, dbAs, seed } = rulesFile('demo-karta-teams-rules');

const COMPANY = 'studio';
const OTHER_COMPANY = 'northwind';
const ADMIN = 'uid-maria';
const MEMBER = 'uid-kostas';
const OUTSIDER = 'uid-nikos';
const TEAM = teamPath(COMPANY, 'thessaloniki');

beforeAll(async () => {
  await seed(async (db) => {
    await setDoc(doc(db, companyPath(COMPANY)), {
      [COMPANY_NAME_FIELD]: 'Studio Φως',
      [ADMINS_FIELD]: [ADMIN],
      [MEMBER_UIDS_FIELD]: [ADMIN, MEMBER],
    });
    await setDoc(doc(db, companyPath(OTHER_COMPANY)), {
      [COMPANY_NAME_FIELD]: 'Northwind',
      [ADMINS_FIELD]: [OUTSIDER],
      [MEMBER_UIDS_FIELD]: [OUTSIDER],
    });
    await setDoc(doc(db, TEAM), {
      [TEAM_NAME_FIELD]: 'Θεσσαλονίκη',
      [TEAM_OVERRIDES_FIELD]: { city: { value: 'Θεσσαλονίκη', locked: true } },
    });
  });
});

test('the company’s members and admins read its teams', async () => {
  for (const uid of [ADMIN, MEMBER]) await assertSucceeds(getDoc(doc(dbOf(uid), TEAM)));
});

test('another company’s admin, a former member and a visitor read none', async () => {
  for (const db of [dbOf(OUTSIDER), dbOf('uid-petros'), dbAs('anonymous')]) {
    await assertFails(getDoc(doc(db, TEAM)));
  }
});

test('no browser writes a team, its admin included', async () => {
  for (const uid of [ADMIN, MEMBER]) {
    const db = dbOf(uid);
    await assertFails(setDoc(doc(db, teamPath(COMPANY, 'new')), { [TEAM_NAME_FIELD]: 'Χ' }));
    await assertFails(updateDoc(doc(db, TEAM), { [TEAM_OVERRIDES_FIELD]: {} }));
    await assertFails(deleteDoc(doc(db, TEAM)));
  }
});
