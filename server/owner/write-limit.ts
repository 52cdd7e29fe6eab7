// The per-account limit on owner writes (lib/owner-writes.ts), counted in ownerWrites/{uid} inside
// the write's own transaction: every origin sees the same count, and a write that fails (refused,
// or its transaction lost) is not counted.
import 'server-only';
import type { Transaction } from 'firebase-admin/firestore';
import { ownerWritesPath } from '../../lib/collections';
import { chargeWrite, type WriteWindow } from '../../lib/owner-writes';
import { adminDb } from '../firebase/admin-app';
import { OwnerError } from './respond';

/** The window as stored in ownerWrites/{uid}, or undefined when it holds none of ours. */
export function storedWindow(data: unknown): WriteWindow | undefined {
  const { start, count } = (data ?? {}) as Partial<Record<keyof WriteWindow, unknown>>;
  return typeof start === 'number' && typeof count === 'number' ? { start, count } : undefined;
}

/**
 * Counts one write of `uid` at `now` in `tx`, or refuses it with a 429 and its Retry-After. Call it
 * before the transaction's first write (Firestore reads come first).
 */
export async function chargeOwnerWrite(tx: Transaction, uid: string, now: number): Promise<void> {
  const ref = adminDb().doc(ownerWritesPath(uid));
  const charge = chargeWrite(storedWindow((await tx.get(ref)).data()), now);
  if (!charge.allowed) {
    throw new OwnerError(
      429,
      { error: 'too-many' },
      { 'retry-after': String(charge.retryAfterSeconds) },
    );
  }
  tx.set(ref, charge.window);
}
