// Synthetic profiles for `npm run bench:build` and the watcher's benchmark, written into Firestore
// a few batches at a time.
import type { Firestore } from 'firebase-admin/firestore';
import { seedProfiles, type ProfileRecord } from '../../tools/lib/seed';

/** One Firestore batch: seedProfiles commits 400 writes at a time, so a slice of 400 is one commit. */
const SLICE = 400;
/** Commits in flight at once: enough to keep the emulator busy, few enough not to swamp it. */
const PARALLEL = 4;

/** user000000, user000001, …: zero-padded, so id order (the build's order) is numeric order. */
export function syntheticUsername(i: number): string {
  return `user${String(i).padStart(6, '0')}`;
}

export function syntheticProfile(i: number): ProfileRecord {
  return {
    username: syntheticUsername(i),
    firstName: 'Δοκιμή',
    lastName: `Χρήστης ${i}`,
    jobTitle: 'Μηχανικός',
    companyName: 'Εταιρεία Α.Ε.',
    city: 'Αθήνα',
    email: `user${i}@example.gr`,
    phoneNumber: `69${String(i).padStart(8, '0')}`,
    address: `Οδός ${i}, Αθήνα`,
    websiteLink: 'https://www.example.gr',
    // The field the page never shows, of a realistic size: reads must not slow down for it.
    thumbnailBase64: 'A'.repeat(4000),
  };
}

/**
 * Writes profiles 0…n-1. Each slice is built just before its commit, so at most
 * PARALLEL × SLICE profiles (about 6 MB) exist at once, instead of 100,000 (400 MB of thumbnails).
 */
export async function seedSynthetic(
  db: Firestore,
  n: number,
  onProgress: (done: number) => void = () => {},
  {
    profile = syntheticProfile,
    slice = SLICE,
  }: {
    profile?: (i: number) => ProfileRecord;
    /** Profiles per commit: a commit is one gRPC message, at most 4 MiB. */
    slice?: number;
  } = {},
): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < n) {
      const from = next;
      next = Math.min(n, from + slice);
      const profiles = Array.from({ length: next - from }, (_, k) => profile(from + k));
      // Not `done += await …`: that reads `done` before the wait and loses the other workers' counts.
      const written = await seedProfiles(db, profiles);
      done += written;
      onProgress(done);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}
