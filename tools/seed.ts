// npm run seed [-- [--force] path/to/profiles.json]
// Merges the profiles into users/{username} of the Firestore the environment points at: the
// emulator when FIRESTORE_EMULATOR_HOST is set, else the real project with its credentials. A card
// with an owner is left alone unless --force, and no owner is ever written or removed
// (tools/lib/seed.ts seedLiveProject).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { adminDb } from '../server/firebase/admin-app';
import { DEMO_PROFILES_FILE } from './lib/paths';
import { loadProfilesFile, seedLiveProject, SeedFileError } from './lib/seed';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const file = path.resolve(positionals[0] ?? DEMO_PROFILES_FILE);
  if (!process.env.FIRESTORE_EMULATOR_HOST && !process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID) {
    throw new SeedFileError(
      'Set FIRESTORE_EMULATOR_HOST (and NEXT_PUBLIC_FIREBASE_PROJECT_ID) for the emulator, or ' +
        'NEXT_PUBLIC_FIREBASE_PROJECT_ID with credentials for a real project.',
    );
  }
  const profiles = loadProfilesFile(file);
  const target = process.env.FIRESTORE_EMULATOR_HOST
    ? `emulator ${process.env.FIRESTORE_EMULATOR_HOST}`
    : 'Firestore';
  const report = await seedLiveProject(adminDb(), profiles, { force: values.force });
  console.log(
    `Seeded ${report.written.length} profile(s) from ${path.relative(process.cwd(), file)} into ` +
      `${target}, project ${process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID}.`,
  );
  if (report.owned.length) {
    console.log(
      `Left alone, as their owners hold them (--force merges into them, keeping the owner): ` +
        report.owned.join(', '),
    );
  }
  if (report.ownerIgnored.length) {
    console.log(`Not written: the ownerUid given for ${report.ownerIgnored.join(', ')}.`);
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error instanceof SeedFileError ? error.message : `Seed failed: ${error.message}`);
    process.exit(1);
  },
);
