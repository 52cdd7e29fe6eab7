// A BulkWriter's delete promise rejects when that delete fails for good; left unhandled, that
// rejection ends the daemon (and its leased deliveries wait for the lease to lapse). Every
// delete here is awaited, and the caller learns how many failed.
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';

/**
 * Deletes `docs`, each only if unchanged since it was read (a delivery sent again meanwhile is
 * kept), and answers how many deletes failed.
 */
export async function deleteUnchanged(
  db: Firestore,
  docs: readonly DocumentSnapshot[],
): Promise<number> {
  const writer = db.bulkWriter();
  const deletes = docs.map((doc) =>
    writer.delete(doc.ref, doc.updateTime ? { lastUpdateTime: doc.updateTime } : {}).then(
      () => 0,
      () => 1,
    ),
  );
  await writer.close();
  const failed = await Promise.all(deletes);
  return failed.reduce<number>((sum, one) => sum + one, 0);
}
