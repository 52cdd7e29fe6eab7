// No 'server-only' here: the watcher, the seed and the tests run it outside Next (as admin-app.ts).
import { FieldValue } from 'firebase-admin/firestore';
import { UPDATED_FIELD } from '../lib/collections';

/**
 * Spread into every firebase-admin write to a card that the watcher should follow: the time of
 * the write, from Firestore's own clock. A card written without it (by hand in the Firebase
 * console) is refreshed by `npm run revalidate <username>` or by its hourly regeneration.
 */
export function cardChanged(): { [UPDATED_FIELD]: FieldValue } {
  return { [UPDATED_FIELD]: FieldValue.serverTimestamp() };
}
