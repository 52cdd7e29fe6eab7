// npm run seed [-- path/to/profiles.json]
// Writes the profiles into users/{username} of the Firestore the environment points at: the
// emulator when FIRESTORE_EMULATOR_HOST is set, else the real project with its credentials.
import path from 'node:path';
import { adminDb } from '../lib/firebase/admin-app';
import { DEMO_PROFILES_FILE } from './lib/paths';
import { loadProfilesFile, seedProfiles, SeedFileError } from './lib/seed';

async function main(): Promise<void> {
  const file = path.resolve(process.argv[2] ?? DEMO_PROFILES_FILE);
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
  const count = await seedProfiles(adminDb(), profiles);
  console.log(
    `Seeded ${count} profile(s) from ${path.relative(process.cwd(), file)} into ${target}, ` +
      `project ${process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID}.`,
  );
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error instanceof SeedFileError ? error.message : `Seed failed: ${error.message}`);
    process.exit(1);
  },
);
