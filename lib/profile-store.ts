import 'server-only';
import { cache } from 'react';
import { FieldPath } from 'firebase-admin/firestore';
import { adminDb } from './firebase/admin';
import { normaliseProfile, type Profile } from './profile';

const USERS = 'users';
const PAGE_SIZE = 1000;

/** Reads must end: a regeneration that hangs on an unreachable Firestore holds a request open. */
export const READ_DEADLINE_MS = Number(process.env.FIRESTORE_READ_TIMEOUT_MS) || 8000;

export class ProfileReadError extends Error {
  override name = 'ProfileReadError';
}

function withDeadline<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new ProfileReadError(`${what}: no answer from Firestore in ${READ_DEADLINE_MS} ms`)),
      READ_DEADLINE_MS,
    );
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * The profile, or null only when the document does not exist. Any failed read throws, so that
 * ISR keeps serving the last good page rather than caching a 404.
 */
export const getProfile = cache(async (username: string): Promise<Profile | null> => {
  const snapshot = await withDeadline(
    adminDb().collection(USERS).doc(username).get(),
    `users/${username}`,
  );
  if (!snapshot.exists) return null;
  return normaliseProfile(snapshot.id, snapshot.data());
});

/** Every username, without downloading any field (a field-less select), page by page. */
export async function listUsernames(): Promise<string[]> {
  const usernames: string[] = [];
  let last: string | undefined;
  for (;;) {
    let query = adminDb()
      .collection(USERS)
      .select()
      .orderBy(FieldPath.documentId())
      .limit(PAGE_SIZE);
    if (last !== undefined) query = query.startAfter(last);
    const page = await withDeadline(query.get(), 'users (list)');
    for (const doc of page.docs) usernames.push(doc.id);
    if (page.size < PAGE_SIZE) return usernames;
    last = page.docs[page.docs.length - 1].id;
  }
}
