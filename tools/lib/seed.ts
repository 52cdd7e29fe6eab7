// Loads profiles from a JSON file into users/{username}: seedProfiles for the local commands and
// the tests (each document replaced whole, on a fresh emulator), seedLiveProject for `npm run seed`
// on a project whose cards may have owners (stamped, so that a running watcher revalidates them).
import { readFileSync } from 'node:fs';
import type { Firestore } from 'firebase-admin/firestore';
import { cardChanged } from '../../server/card-stamp';
import { OWNER_FIELD, cardPath } from '../../lib/collections';
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

/** Replaces each document whole, so seeding twice leaves exactly the same data. */
export async function seedProfiles(db: Firestore, profiles: ProfileRecord[]): Promise<number> {
  for (let i = 0; i < profiles.length; i += BATCH_LIMIT) {
    const batch = db.batch();
    for (const profile of profiles.slice(i, i + BATCH_LIMIT)) {
      batch.set(db.doc(cardPath(profile.username)), profile);
    }
    await batch.commit();
  }
  return profiles.length;
}

export interface LiveSeedReport {
  /** Written, merged into what was there. */
  written: string[];
  /** Left alone: an owner holds the card (seed again with `force` to merge into it anyway). */
  owned: string[];
  /** Whose input named an owner, which the seed never writes. */
  ownerIgnored: string[];
}

/**
 * Seeds a project that may be live: each profile is merged into its card, so no field the input
 * lacks is removed, and ownerUid above all stays as it is; an ownerUid in the input is never
 * written (only a claim makes an owner); a card with an owner is left alone unless `force`.
 * Each batch is read and written in one transaction, so a card claimed meanwhile is not touched.
 */
export async function seedLiveProject(
  db: Firestore,
  profiles: ProfileRecord[],
  { force = false }: { force?: boolean } = {},
): Promise<LiveSeedReport> {
  const report: LiveSeedReport = { written: [], owned: [], ownerIgnored: [] };
  for (let i = 0; i < profiles.length; i += BATCH_LIMIT) {
    const slice = profiles.slice(i, i + BATCH_LIMIT);
    const refs = slice.map((p) => db.doc(cardPath(p.username)));
    const outcome = await db.runTransaction(async (tx) => {
      const cards = await tx.getAll(...refs);
      const part: LiveSeedReport = { written: [], owned: [], ownerIgnored: [] };
      slice.forEach((profile, j) => {
        const { [OWNER_FIELD]: givenOwner, ...fields } = profile;
        if (givenOwner !== undefined) part.ownerIgnored.push(profile.username);
        if (cards[j].get(OWNER_FIELD) !== undefined && !force) {
          part.owned.push(profile.username);
          return;
        }
        // The stamp comes last: a time given in the input would hide the write from the watcher.
        tx.set(refs[j], { ...fields, ...cardChanged() }, { merge: true });
        part.written.push(profile.username);
      });
      return part;
    });
    report.written.push(...outcome.written);
    report.owned.push(...outcome.owned);
    report.ownerIgnored.push(...outcome.ownerIgnored);
  }
  return report;
}
