// The owner's choices in owners/{uid}: the new-contact e-mails switch (lib/collections.ts).
import 'server-only';
import { NEW_CONTACT_MAIL_FIELD, ownerPath } from '../../lib/collections';
import { adminDb } from '../firebase/admin-app';
import type { Owner } from './auth';
import { OwnerError, badField } from './respond';

/** `{ on: boolean }`: the e-mails on or off. Only an account that owns a card has the switch. */
export async function setNewContactMail(owner: Owner, body: unknown): Promise<void> {
  const on = (body as { on?: unknown } | null)?.on;
  if (typeof on !== 'boolean') throw badField('on', 'Μόνο ναι ή όχι');
  const db = adminDb();
  const index = db.doc(ownerPath(owner.uid));
  await db.runTransaction(async (tx) => {
    if (!(await tx.get(index)).exists) throw new OwnerError(404, { error: 'no-card' });
    tx.update(index, { [NEW_CONTACT_MAIL_FIELD]: on });
  });
}
