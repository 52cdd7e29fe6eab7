// Loads profiles from a JSON file into users/{username}. Idempotent: each document is replaced
// whole, so running it twice leaves exactly the same data.
import { readFileSync } from 'node:fs';
import type { Firestore } from 'firebase-admin/firestore';
import { isValidUsername } from '../../lib/username';

export type ProfileRecord = Record<string, unknown> & { username: string };

export class SeedFileError extends Error {
  override name = 'SeedFileError';
}

/** Accepts an array of profiles, or an object keyed by username. */
export function parseProfiles(text: string, source = 'profiles'): ProfileRecord[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SeedFileError(`${source}: not valid JSON (${(error as Error).message}).`);
  }
  const entries: Array<[string, unknown]> = Array.isArray(data)
    ? data.map((item, i) => [`${source}[${i}]`, item])
    : data && typeof data === 'object'
      ? Object.entries(data).map(([key, item]) => [
          `${source}.${key}`,
          item && typeof item === 'object' && !Array.isArray(item)
            ? { username: key, ...(item as object) }
            : item,
        ])
      : [];
  if (entries.length === 0) {
    throw new SeedFileError(`${source}: expected a non-empty array of profiles.`);
  }
  const seen = new Set<string>();
  return entries.map(([where, item]) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      throw new SeedFileError(`${where}: a profile must be an object.`);
    }
    const record = item as Record<string, unknown>;
    const username = record.username;
    if (typeof username !== 'string' || !isValidUsername(username)) {
      throw new SeedFileError(
        `${where}: "username" must be a valid Firestore document id, got ${JSON.stringify(username)}.`,
      );
    }
    if (seen.has(username)) throw new SeedFileError(`${where}: username "${username}" repeats.`);
    seen.add(username);
    return { ...record, username };
  });
}

export function loadProfilesFile(file: string): ProfileRecord[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new SeedFileError(`Cannot read ${file}.`);
  }
  return parseProfiles(text, file);
}

const BATCH_LIMIT = 400;

export async function seedProfiles(db: Firestore, profiles: ProfileRecord[]): Promise<number> {
  for (let i = 0; i < profiles.length; i += BATCH_LIMIT) {
    const batch = db.batch();
    for (const profile of profiles.slice(i, i + BATCH_LIMIT)) {
      batch.set(db.collection('users').doc(profile.username), profile);
    }
    await batch.commit();
  }
  return profiles.length;
}
