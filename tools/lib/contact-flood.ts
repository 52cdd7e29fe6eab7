// A flood of contacts on one card, for the console to list and export: the suite's
// (__tests__/e2e/owner-contacts-flood.test.ts) and the benchmark's (bench/lib/console-flood.ts).
// Contact i is left i seconds before the newest, so both know the order the console must show.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { contactsPath } from '../../lib/collections';

/** Contact i, left i seconds before the newest: 'Επαφή 00000' is the newest. */
export const floodContactName = (i: number) => `Επαφή ${String(i).padStart(5, '0')}`;

/** Leaves `count` contacts on /`username`. */
export async function seedContactFlood(
  db: Firestore,
  username: string,
  count: number,
): Promise<void> {
  // Eight days old: beyond the lead mailer's look-back, so a daemon running beside (the e2e run's)
  // leaves them alone and other cards' mail is not held up by them (the mailer's flood is measured
  // on its own, bench/lib/flood.ts).
  const newest = Date.now() - 8 * 86_400_000;
  const contacts = db.collection(contactsPath(username));
  // Commits of 500 (a batch's limit), a few at a time.
  const commits = [];
  for (let first = 0; first < count; first += 500) {
    const batch = db.batch();
    for (let i = first; i < Math.min(count, first + 500); i++) {
      batch.set(contacts.doc(), {
        name: floodContactName(i),
        email: `epafi${i}@example.gr`,
        phone: `+30 697 ${String(i).padStart(7, '0')}`,
        createdAt: Timestamp.fromMillis(newest - i * 1000),
      });
    }
    commits.push(batch.commit());
    if (commits.length === 4) await Promise.all(commits.splice(0));
  }
  await Promise.all(commits);
}
