// How the account's last company membership ended (departures/{uid}, lib/company-removal.ts), read
// once by its console when it has no card: the rules let only that account get it.
import { doc, getDoc, Timestamp } from 'firebase/firestore';
import { departurePath } from '../../lib/collections';
import { FORWARD_FIELD, type Departure } from '../../lib/company-removal';
import { ownerDb } from './firebase';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The account's departure note, or null when it never left a company. */
export async function readDeparture(uid: string): Promise<Departure | null> {
  const snapshot = await getDoc(doc(ownerDb(), departurePath(uid)));
  const data = snapshot.data();
  if (!data) return null;
  const at: unknown = data.at;
  const forwardTo = text(data[FORWARD_FIELD]);
  return {
    companyName: text(data.companyName),
    username: text(data.username),
    removed: data.removed === true,
    at: at instanceof Timestamp ? at.toDate() : null,
    ...(forwardTo ? { forwardTo } : {}),
  };
}
