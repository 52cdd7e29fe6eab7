// No 'server-only' here: the watcher, the seed and the tests run it outside Next (as admin-app.ts).
import { FieldValue } from 'firebase-admin/firestore';
import { HOOKS_PENDING_FIELD, UPDATED_FIELD } from '../lib/collections';

/**
 * Spread into every firebase-admin write to a card that the watcher should follow: the time of
 * the write, from Firestore's own clock, and the mark that the write owes its deliveries
 * (card.updated, updated passes: daemon/deliveries/fan-out-cards.ts clears it once they exist).
 * A card written without it (by hand in the Firebase console) is refreshed by
 * `npm run revalidate <username>` or by its hourly regeneration.
 */
export function cardChanged(): { [UPDATED_FIELD]: FieldValue; [HOOKS_PENDING_FIELD]: true } {
  return { [UPDATED_FIELD]: FieldValue.serverTimestamp(), [HOOKS_PENDING_FIELD]: true };
}
