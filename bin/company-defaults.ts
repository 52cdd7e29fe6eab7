// npm run company-defaults -- --company <id> [--apply]
// Lists the company's member cards that still hold a copy of one of its defaults (made when they
// joined, before defaults were laid over each card as it shows: bin/lib/company-defaults.ts),
// and with --apply removes those copies, so that the cards follow the company's defaults again.
// The daemon (`npm run watch`) revalidates each card it changes. Firestore as the seed finds it:
// the emulator when FIRESTORE_EMULATOR_HOST is set, else the real project with its credentials.
import { parseArgs } from 'node:util';
import { adminDb } from '../server/firebase/admin-app';
import { clearCopiedDefaults, findCopiedDefaults } from './lib/company-defaults';

const USAGE = 'Usage: npm run company-defaults -- --company <id> [--apply]';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: { company: { type: 'string' }, apply: { type: 'boolean', default: false } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { company, apply } = parsed.values;
  if (!company) {
    console.error(USAGE);
    return 2;
  }
  const db = adminDb();
  const found = await findCopiedDefaults(db, company);
  for (const { username, fields } of found) console.log(`${username}: ${fields.join(', ')}`);
  if (found.length === 0) {
    console.log(`No card of ${company} holds a copy of a default.`);
  } else if (apply) {
    await clearCopiedDefaults(db, found);
    console.log(`Removed from ${found.length} card(s); they follow the company's defaults again.`);
  } else {
    console.log(`${found.length} card(s) would change; run again with --apply to remove them.`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`company-defaults failed: ${error.message}`);
    process.exit(1);
  },
);
