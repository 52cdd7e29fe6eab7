// The demo's team: «Θεσσαλονίκη», Studio Φως's branch (demo-company.ts), its own address, city and
// switchboard over the company's template, with Kostas's card in it. Written as karta's server
// leaves a team (server/company/teams.ts): the team's document, and its id on the member's card.
// Call after the company is seeded: seedDemoTeam(db).
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  TEAM_FIELD,
  TEAM_NAME_FIELD,
  TEAM_OVERRIDES_FIELD,
  TEAM_UPDATED_FIELD,
  UPDATED_FIELD,
  cardPath,
  teamPath,
} from '../../lib/collections';
import type { TeamOverrides } from '../../lib/teams';
import { DEMO_COMPANY_ID } from './demo-company';

const DEMO_TEAM_ID = 'thessaloniki';
const DEMO_TEAM_NAME = 'Θεσσαλονίκη';
/** The demo card in the team. */
const DEMO_TEAM_MEMBER = 'kostas';

const DEMO_TEAM_OVERRIDES: TeamOverrides = {
  address: { value: 'Τσιμισκή 45, 54623', locked: true, valueEn: '45 Tsimiski St, 54623' },
  city: { value: 'Θεσσαλονίκη', locked: true, valueEn: 'Thessaloniki' },
  phoneNumber: { value: '2310 123 456', locked: true },
};

/** Writes the team and puts its member's card in it; run again, it leaves the same. */
export async function seedDemoTeam(db: Firestore): Promise<void> {
  const batch = db.batch();
  batch.set(db.doc(teamPath(DEMO_COMPANY_ID, DEMO_TEAM_ID)), {
    [TEAM_NAME_FIELD]: DEMO_TEAM_NAME,
    [TEAM_OVERRIDES_FIELD]: DEMO_TEAM_OVERRIDES,
    [TEAM_UPDATED_FIELD]: FieldValue.serverTimestamp(),
  });
  // Stamped as the server stamps a card's write, so a running daemon revalidates it.
  batch.update(db.doc(cardPath(DEMO_TEAM_MEMBER)), {
    [TEAM_FIELD]: DEMO_TEAM_ID,
    [UPDATED_FIELD]: FieldValue.serverTimestamp(),
  });
  await batch.commit();
}
