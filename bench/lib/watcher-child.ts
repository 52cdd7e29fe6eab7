// The process whose memory the watcher benchmark measures (bench/lib/watcher.ts forks it with
// --expose-gc): `new` runs the change watcher, `old` the former way of following cards, a listener
// on the whole users collection. It reports over IPC what each snapshot delivered and, when asked,
// its heap and resident memory after a full garbage collection.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { startWatcher } from '../../daemon/card-watcher';
import { USERS_COLLECTION } from '../../lib/collections';

export type ChildMessage =
  | { type: 'read'; docs: number; initial: boolean; changed: string[] }
  | { type: 'ready' }
  | { type: 'memory'; heapUsed: number; rss: number };
export type ParentMessage = { type: 'memory' } | { type: 'start' };

const [mode, projectId, siteUrl] = process.argv.slice(2);
const send = (message: ChildMessage) => process.send?.(message);
const db = getFirestore(initializeApp({ projectId }));

function memory(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  // Twice: the first collection can leave garbage that finalizers release for the second.
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  send({ type: 'memory', heapUsed, rss });
}

function start(): void {
  if (mode === 'new') {
    const watcher = startWatcher({
      db,
      siteUrl,
      secret: 'bench',
      log: () => {},
      onRead: ({ listener, docs, initial }) => {
        if (listener === USERS_COLLECTION) send({ type: 'read', docs, initial, changed: [] });
      },
    });
    void watcher.ready.then(() => send({ type: 'ready' }));
    return;
  }
  let initial = true;
  db.collection(USERS_COLLECTION).onSnapshot((snapshot) => {
    const changes = snapshot.docChanges().filter((change) => change.type !== 'removed');
    send({
      type: 'read',
      docs: changes.length,
      initial,
      changed: initial ? [] : changes.map((change) => change.doc.id),
    });
    if (initial) send({ type: 'ready' });
    initial = false;
  });
}

process.on('message', (message: ParentMessage) => {
  if (message.type === 'memory') memory();
  else start();
});
// The channel to Firestore is open and its modules loaded before the baseline is taken.
void db
  .collection(USERS_COLLECTION)
  .limit(1)
  .get()
  .then(() => memory());
