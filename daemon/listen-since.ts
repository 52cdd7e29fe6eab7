// The daemon's listeners follow only documents stamped after a point in Firestore's own time: the
// last snapshot's read time, or, when they first start, Firestore's present, read as the read time
// of a query that answers nothing. The card watcher and the company watcher open theirs here.
import { Timestamp, type Query } from 'firebase-admin/firestore';
import type { Unsubscribe } from './listener';

/** Later than any write: a query for it answers nothing, with Firestore's time. */
const END_OF_TIME = new Timestamp(253402300799, 0);

/**
 * `listen(since)`; without `since`, first reads Firestore's present through `collection`'s
 * `field`, tells `started`, and listens from it. Closing before that read has answered cancels
 * the listen it would open.
 */
export function listenSince(
  collection: Query,
  field: string,
  since: Timestamp | undefined,
  listen: (from: Timestamp) => Unsubscribe,
  started: (from: Timestamp) => void,
  fail: (reason: string) => void,
): Unsubscribe {
  if (since) return listen(since);
  let closed = false;
  let close: Unsubscribe | undefined;
  collection
    .where(field, '>', END_OF_TIME)
    .limit(1)
    .get()
    .then(
      (empty) => {
        started(empty.readTime);
        if (!closed) close = listen(empty.readTime);
      },
      (error: Error) => fail(`Firestore not answering (${error.message})`),
    );
  return () => {
    closed = true;
    close?.();
  };
}
