// No 'server-only' here: the demo and the bench make a company's token too (tools/lib/
// demo-scim.ts), outside Next, as server/card-stamp.ts is used. A SCIM token is stored only as
// its SHA-256 (scimTokens/{hash} → the company), so Firestore holds nothing that works as one; a
// company has one at a time: a new one deletes the old one's document in the same transaction.
import { createHash, randomBytes } from 'node:crypto';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { scimSettingsPath, scimTokenPath } from '../../lib/collections';
import { adminDb } from '../firebase/admin-app';

/** What a token starts with: a leaked one is recognisable in logs and by secret scanners. */
const TOKEN_PREFIX = 'karta_scim_';
export const TOKEN_PATTERN = /^karta_scim_[A-Za-z0-9_-]{43}$/;

export const scimTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function newScimToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * Writes a new token of company `id` (revoking its earlier one) or, with `token` null, revokes it,
 * after `check` (an admin's, in the same transaction); the demo and the bench pass none, and may
 * pass their own Firestore.
 */
export async function storeScimToken(
  id: string,
  by: string,
  token: string | null,
  check: (tx: Transaction) => Promise<void> = async () => {},
  db: Firestore = adminDb(),
): Promise<void> {
  const settings = db.doc(scimSettingsPath(id));
  await db.runTransaction(async (tx) => {
    const earlier: unknown = (await tx.get(settings)).get('tokenHash');
    // Reads before writes: the check's charge writes.
    await check(tx);
    if (typeof earlier === 'string') tx.delete(db.doc(scimTokenPath(earlier)));
    if (token === null) {
      tx.set(
        settings,
        { tokenHash: FieldValue.delete(), tokenCreatedAt: FieldValue.delete() },
        { merge: true },
      );
      return;
    }
    const hash = scimTokenHash(token);
    tx.set(db.doc(scimTokenPath(hash)), {
      companyId: id,
      createdAt: FieldValue.serverTimestamp(),
      createdBy: by,
    });
    tx.set(
      settings,
      { tokenHash: hash, tokenCreatedAt: FieldValue.serverTimestamp() },
      { merge: true },
    );
  });
}
