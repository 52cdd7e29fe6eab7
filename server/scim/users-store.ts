// companies/{id}/directoryUsers/{scimId}: a SCIM User as its directory sent it (normalised by
// schemas.ts), with what karta adds: its card's username, `active`, meta's times and version, and
// userName in lower case (unique per company through directoryUserNames/{its SHA-256}: RFC 7643
// makes userName case-insensitive). Turned into the SCIM resource a client reads here.
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { directoryUserNamePath, directoryUserPath } from '../../lib/collections';
import { cardUrl } from '../../lib/routes';
import { SCIM_SCHEMAS, scimBaseUrl } from '../../lib/scim';
import { adminDb } from '../firebase/admin-app';
import type { StoredUser } from './schemas';

export interface DirectoryUserDoc {
  user: StoredUser;
  userNameKey: string;
  /** Copied out of `user` for the indexed lookup Entra ID and Okta start with. */
  externalId?: string;
  active: boolean;
  /** The card: users/{username}. */
  username: string;
  created: Timestamp;
  lastModified: Timestamp;
  version: number;
}

export const newScimId = () => randomBytes(16).toString('hex');

export const userNameKey = (userName: string) => userName.trim().toLowerCase();

/** The userName index's document: a hash, as a userName may hold '/' (no document id may). */
export const userNameRef = (companyId: string, key: string) =>
  adminDb().doc(directoryUserNamePath(companyId, createHash('sha256').update(key).digest('hex')));

export const directoryUserRef = (companyId: string, scimId: string) =>
  adminDb().doc(directoryUserPath(companyId, scimId));

/** The stored directory user, or null when the snapshot holds none of ours. */
export function directoryUserOf(snapshot: DocumentSnapshot): DirectoryUserDoc | null {
  const data = snapshot.data();
  if (!snapshot.exists || !data || typeof data.username !== 'string') return null;
  return data as DirectoryUserDoc;
}

/** The card username of directory user `scimId` of company `companyId`, or null (part D's teams). */
export async function directoryUserCard(companyId: string, scimId: string): Promise<string | null> {
  return directoryUserOf(await directoryUserRef(companyId, scimId).get())?.username ?? null;
}

/** The fields karta keeps of `user` beside it, at `now`, as version `version`. */
export function storedDoc(
  user: StoredUser,
  username: string,
  created: Timestamp,
  now: number,
  version: number,
): DirectoryUserDoc {
  const externalId = typeof user.externalId === 'string' ? user.externalId : undefined;
  return {
    user,
    userNameKey: userNameKey(user.userName),
    ...(externalId === undefined ? {} : { externalId }),
    active: user.active !== false,
    username,
    created,
    lastModified: Timestamp.fromMillis(now),
    version,
  };
}

export const userLocation = (scimId: string) => `${scimBaseUrl()}/Users/${scimId}`;

export const etagOf = (doc: Pick<DirectoryUserDoc, 'version'>) => `W/"${doc.version}"`;

/** The SCIM resource a client reads: the user as sent, `id`, `active`, meta and the card's URL. */
export function userResource(scimId: string, doc: DirectoryUserDoc): Record<string, unknown> {
  const { [SCIM_SCHEMAS.enterprise]: enterprise, ...core } = doc.user;
  return {
    schemas: [
      SCIM_SCHEMAS.user,
      ...(enterprise ? [SCIM_SCHEMAS.enterprise] : []),
      SCIM_SCHEMAS.karta,
    ],
    id: scimId,
    ...core,
    active: doc.active,
    ...(enterprise ? { [SCIM_SCHEMAS.enterprise]: enterprise } : {}),
    [SCIM_SCHEMAS.karta]: { cardUrl: cardUrl(doc.username) },
    meta: {
      resourceType: 'User',
      created: doc.created.toDate().toISOString(),
      lastModified: doc.lastModified.toDate().toISOString(),
      location: userLocation(scimId),
      version: etagOf(doc),
    },
  };
}
