// The new-contact mails against a real Firestore emulator and a real SMTP server with an inbox
// (maildev): once per contact with two mailers running, retried until a stopped mail server is
// back, taken over from a mailer stopped half-way, and never for a card whose owner switched them
// off, whose owner's address is not verified, for a contact left before the card was claimed, or
// for a document no visitor could have written. A flood: the first few of the hour mailed one by
// one, the rest in one digest, each contact once through a restart (a digest too), a few sends at
// a time, and another card's mail not held up. A card erased (through the owner's erasure) or
// removed mid-hour and claimed again by another account: nothing an earlier visitor left reaches
// the new owner. The owner's account comes from a table here; the Firebase Auth lookup is covered
// with the browser in e2e/lead-mail.test.ts.
import { deleteApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import {
  FieldValue,
  getFirestore,
  Timestamp,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import {
  MAILER_CONCURRENCY,
  RELISTEN_MARGIN_MS,
  startLeadMailer,
  type LeadMailer,
  type LeadMailerOptions,
  type OwnerAccount,
} from '@/daemon/mail/lead-mailer';
import { smtpSender, type SmtpSender } from '@/daemon/mail/smtp';
import { claimCard as claim, eraseCard as erase } from '@/server/owner/card';
import {
  CLAIMED_FIELD,
  LEAD_DIGESTS_COLLECTION,
  LEAD_MAIL_FIELD,
  NEW_CONTACT_MAIL_FIELD,
  OWNER_FIELD,
} from '@/lib/collections';
import { startMailCatcher, type RunningMailCatcher } from '@/tools/lib/mail-catcher';
import { mailerHours } from '@/tools/lib/mailer-hours';
import { asRoute } from '../helpers/next-request';
import { ceiling, eventually, TEST_MS } from '@/__tests__/helpers/eventually';

// A project of its own on the run's emulator: this file counts every mail and every digest.
const PROJECT = 'demo-karta-lead-mailer';
const FROM = 'karta <no-reply@karta.test>';
const OWNERS: Record<string, OwnerAccount> = {
  'uid-anna': { email: 'anna.account@karta.test', verified: true },
  'uid-flo': { email: 'flo.account@karta.test', verified: true },
  'uid-olga': { email: 'olga.account@karta.test', verified: true },
  'uid-rea': { email: 'rea.account@karta.test', verified: true },
  'uid-dora': { email: 'dora.account@karta.test', verified: true },
  'uid-leo': { email: 'leo.account@karta.test', verified: true },
  // Signed up with someone else's address, never confirmed.
  'uid-una': { email: 'someone.else@karta.test', verified: false },
  // Each name's earlier owner and the account that claims it again.
  ...Object.fromEntries(
    ['eva', 'rita', 'ivo'].flatMap((name) => [
      [`uid-${name}-1`, { email: `${name}.first@karta.test`, verified: true }],
      [`uid-${name}-2`, { email: `${name}.second@karta.test`, verified: true }],
    ]),
  ),
  ...Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [
      `uid-many-${i}`,
      { email: `many${i}.account@karta.test`, verified: true },
    ]),
  ),
};
// As their routes call them: the card's revalidation runs in Next's request scope.
const claimCard = asRoute('/api/owner/cards/route', claim);
const eraseCard = asRoute('/api/owner/cards/[username]/route', erase);

let app: App;
let db: Firestore;
let catcher: RunningMailCatcher;
const logs: string[] = [];
const mailers: LeadMailer[] = [];
const senders: SmtpSender[] = [];

/** How long a stand-in mail server takes to accept a mail: the behaviour it simulates. */
const sendTakes = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `eventually` (a ceiling of at least WAIT_MS: beside a CPU-bound process, mails went out 5–25 s
 * after their contacts), with the mailers' log in its error: what they did is what was awaited.
 */
async function until<T>(check: () => Promise<T>) {
  try {
    return await eventually(check);
  } catch (error) {
    (error as Error).message += `; logs: ${logs.join(' | ')}`;
    throw error;
  }
}

/**
 * Until each of `running` has seen the last change to each of `refs` (its contacts listener has
 * read past it) and has nothing left in hand: a mail it would still send would be in hand now.
 * What the inbox holds then is all it will hold.
 */
async function settled(running: LeadMailer[], refs: DocumentReference[]): Promise<void> {
  const changed = await Promise.all(refs.map(async (ref) => (await ref.get()).updateTime));
  // Timestamp's valueOf() orders as the time does, to the nanosecond.
  const last = changed.reduce(
    (latest, time) => (time && time.valueOf() > latest ? time.valueOf() : latest),
    '',
  );
  await until(async () =>
    running.every((m) => {
      const { idle, contactsReadAt } = m.progress();
      return idle && contactsReadAt !== undefined && contactsReadAt.valueOf() >= last;
    }),
  );
}

function smtp(smtpUrl = catcher.smtpUrl): SmtpSender['send'] {
  const sender = smtpSender(smtpUrl, FROM, MAILER_CONCURRENCY);
  senders.push(sender);
  return sender.send;
}

function mailer(
  id: string,
  smtpUrl = catcher.smtpUrl,
  options: Partial<LeadMailerOptions> = {},
): LeadMailer {
  const started = startLeadMailer({
    db,
    id,
    ownerAccount: async (uid) => OWNERS[uid] ?? null,
    send: smtp(smtpUrl),
    log: (line) => logs.push(`[${id}] ${line}`),
    // A claim lapses here only where its holder is stopped. Beside CPU-bound work a renewal took
    // seconds, and a 4 s lease lapsed under a live holder: a flood's contacts were mailed twice.
    leaseMs: 20_000,
    firstRetryMs: 200,
    maxRetryMs: 500,
    // These tests are about one contact's mail: the hour's quota is the flood tests' matter.
    singlesPerWindow: 100,
    ...options,
  });
  mailers.push(started);
  return started;
}

/** A contact as a visitor's write leaves it, on anna's card. */
function leave(name: string, extra: Record<string, unknown> = {}) {
  return db.collection('users/anna/contacts').add({
    name,
    email: 'visitor@example.gr',
    phone: '+30 697 123 4567',
    createdAt: FieldValue.serverTimestamp(),
    ...extra,
  });
}

/** Stops the mail server; `bringBack` starts it again where the mailers expect it. */
async function mailServerDown(): Promise<{ url: string; bringBack: () => Promise<void> }> {
  const { smtpPort, smtpUrl, inboxUrl } = catcher;
  const webPort = Number(new URL(inboxUrl).port);
  await catcher.stop();
  return {
    url: smtpUrl,
    bringBack: async () => {
      catcher = await startMailCatcher({ smtpPort, webPort });
    },
  };
}

const mailsAbout = async (name: string) =>
  (await catcher.mails()).filter((mail) => mail.subject.includes(name));

beforeAll(async () => {
  // Its own inbox: this file counts every mail.
  catcher = await startMailCatcher();
  // The project of server/firebase/admin-app.ts, for the owners' claims and erasures.
  process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID = PROJECT;
  app = initializeApp({ projectId: PROJECT }, 'lead-mail-test');
  db = getFirestore(app);
  await db
    .doc('users/anna')
    .set({ firstName: 'Άννα', lastName: 'Ζαχαρίου', [OWNER_FIELD]: 'uid-anna' });
  await db.doc('owners/uid-anna').set({ username: 'anna' });
  await db.doc('users/orphan').set({ firstName: 'Κανείς' });
  for (const [username, uid] of [
    ['flood', 'uid-flo'],
    ['olga', 'uid-olga'],
    ['restart', 'uid-rea'],
    ['dora', 'uid-dora'],
    ['leo', 'uid-leo'],
    ['una', 'uid-una'],
    ...Array.from({ length: 10 }, (_, i) => [`many-${i}`, `uid-many-${i}`]),
  ]) {
    await db.doc(`users/${username}`).set({ firstName: username, [OWNER_FIELD]: uid });
    await db.doc(`owners/${uid}`).set({ username });
  }
});

afterEach(async () => {
  await Promise.all(mailers.splice(0).map((m) => m.stop()));
  senders.splice(0).forEach((sender) => sender.close());
  logs.length = 0;
});

afterAll(async () => {
  // This one's and the server's (claims, erasures).
  await Promise.all(getApps().map((opened) => deleteApp(opened)));
  await catcher.stop();
});

test('a contact is mailed once to the owner, in Greek, Reply-To the visitor, even with two mailers', async () => {
  const [a, b] = [mailer('a'), mailer('b')];
  await Promise.all([a.ready, b.ready]);
  const ref = await leave('Γιώργος Once');
  const [mail] = await until(async () => {
    const mails = await mailsAbout('Γιώργος Once');
    return mails.length > 0 && mails;
  });
  expect(mail.to).toEqual([{ address: 'anna.account@karta.test', name: '' }]);
  expect(mail.from).toEqual([{ address: 'no-reply@karta.test', name: 'karta' }]);
  expect(mail.subject).toBe('Νέα επαφή από την κάρτα σας: «Γιώργος Once»');
  expect(mail.text).toContain('Όνομα: «Γιώργος Once»');
  expect(mail.text).toContain('Email: «visitor@example.gr»');
  expect(mail.text).toContain('Τηλέφωνο: «+30 697 123 4567»');
  expect(mail.text).toMatch(/Πότε: .+ \(ώρα Ελλάδας\)/);
  expect(mail.text).toMatch(/\/account$/m);
  // Replying answers the visitor.
  expect(await catcher.source(mail.id)).toMatch(/^Reply-To: visitor@example\.gr\r?$/m);
  // Both saw it; one claimed it. Until the other has seen it mailed and has nothing in hand.
  await settled([a, b], [ref]);
  expect(await mailsAbout('Γιώργος Once')).toHaveLength(1);
  const state = (await ref.get()).get(LEAD_MAIL_FIELD);
  expect(state.sentAt).toBeDefined();
  expect(['a', 'b']).toContain(state.claimedBy);
});

test('a mail server slower than the lease: its mailer keeps the claim, and no other mails it again', async () => {
  const send = smtp();
  // Each send takes three leases; a claim not renewed meanwhile would be taken over.
  const slow: LeadMailerOptions['send'] = async (mail) => {
    await sendTakes(6000);
    await send(mail);
  };
  const [a, b] = [
    mailer('slow-a', undefined, { leaseMs: 2000, send: slow }),
    mailer('slow-b', undefined, { leaseMs: 2000, send: slow }),
  ];
  await Promise.all([a.ready, b.ready]);
  const ref = await leave('Σοφία Slow');
  await until(async () => (await ref.get()).get(`${LEAD_MAIL_FIELD}.sentAt`));
  // A second mailer that had taken the claim over would still be sending.
  await settled([a, b], [ref]);
  expect(await mailsAbout('Σοφία Slow')).toHaveLength(1);
});

test('a mail server that is down: retried with back-off, mailed once it is back, the contact untouched', async () => {
  const server = await mailServerDown();
  const m = mailer('retry', server.url);
  await m.ready;
  const ref = await leave('Ελένη Retry');
  await until(async () => logs.some((l) => l.includes('retry 2')));
  const written = (await ref.get()).data()!;
  expect(written).toMatchObject({ name: 'Ελένη Retry', email: 'visitor@example.gr' });
  expect(written[LEAD_MAIL_FIELD].sentAt).toBeUndefined();
  await server.bringBack();
  await until(async () => (await mailsAbout('Ελένη Retry')).length === 1);
  await until(async () => (await ref.get()).get(`${LEAD_MAIL_FIELD}.sentAt`));
});

test('a mailer stopped half-way: its claim lapses and another mailer sends the mail', async () => {
  const server = await mailServerDown();
  // Its claim is what lapses: soon.
  const first = mailer('first', server.url, { leaseMs: 4000 });
  await first.ready;
  const ref = await leave('Νίκος Takeover');
  await until(async () => (await ref.get()).get(`${LEAD_MAIL_FIELD}.claimedBy`) === 'first');
  await first.stop();
  await server.bringBack();
  const second = mailer('second', undefined, { leaseMs: 4000 });
  await second.ready;
  await until(async () => (await mailsAbout('Νίκος Takeover')).length === 1);
  expect((await ref.get()).get(`${LEAD_MAIL_FIELD}.claimedBy`)).toBe('second');
  await settled([second], [ref]);
  expect(await mailsAbout('Νίκος Takeover')).toHaveLength(1);
});

test('the owner switched the mails off: none is sent, and the contact says why', async () => {
  await db.doc('owners/uid-anna').update({ [NEW_CONTACT_MAIL_FIELD]: false });
  try {
    const m = mailer('off');
    await m.ready;
    const ref = await leave('Μαρία Off');
    await until(async () => (await ref.get()).get(`${LEAD_MAIL_FIELD}.skipped`) === 'switched-off');
    expect(await mailsAbout('Μαρία Off')).toEqual([]);
  } finally {
    await db.doc('owners/uid-anna').update({ [NEW_CONTACT_MAIL_FIELD]: FieldValue.delete() });
  }
});

test('a contact left before the card was claimed (for an earlier owner of the name) is not mailed', async () => {
  await db.doc('users/anna').update({ [CLAIMED_FIELD]: FieldValue.serverTimestamp() });
  try {
    const earlier = await leave('Για τον προηγούμενο', {
      createdAt: Timestamp.fromMillis(Date.now() - 60_000),
    });
    const m = mailer('claim');
    await m.ready;
    await leave('Για τη νέα κάτοχο');
    await until(async () => (await mailsAbout('Για τη νέα κάτοχο')).length === 1);
    await until(
      async () => (await earlier.get()).get(`${LEAD_MAIL_FIELD}.skipped`) === 'before-claim',
    );
    expect(await mailsAbout('Για τον προηγούμενο')).toEqual([]);
  } finally {
    await db.doc('users/anna').update({ [CLAIMED_FIELD]: FieldValue.delete() });
  }
});

test('a document no visitor could have written, or a card with no owner: a log line, no mail, no crash', async () => {
  const m = mailer('odd');
  await m.ready;
  const malformed = await db.collection('users/anna/contacts').add({
    name: 'Χωρίς email',
    createdAt: FieldValue.serverTimestamp(),
  });
  const orphan = await db.collection('users/orphan/contacts').add({
    name: 'Κανένας ιδιοκτήτης',
    email: 'visitor@example.gr',
    createdAt: FieldValue.serverTimestamp(),
  });
  await until(
    async () => (await malformed.get()).get(`${LEAD_MAIL_FIELD}.skipped`) === 'malformed',
  );
  await until(async () => (await orphan.get()).get(`${LEAD_MAIL_FIELD}.skipped`) === 'no-owner');
  // Each line is logged once the mark is written, which this process can see first.
  await until(async () =>
    [
      /contacts\/.+ skipped: not a visitor's contact \(malformed\)$/,
      /users\/orphan\/contacts\/.+ not mailed \(no-owner\)$/,
    ].every((line) => logs.some((logged) => line.test(logged))),
  );
  // The mailer goes on: the next contact is mailed.
  await leave('Μετά το λάθος');
  await until(async () => (await mailsAbout('Μετά το λάθος')).length === 1);
  expect(await mailsAbout('Χωρίς email')).toEqual([]);
  expect(await mailsAbout('Κανένας ιδιοκτήτης')).toEqual([]);
});

// How soon a contact is mailed (its median) is npm run bench's figure (--only flood).

// ---- floods

const QUOTA = 5;

/** `count` contacts on `username`'s card in commits of `perCommit`, named `${prefix} i`. */
async function flood(username: string, prefix: string, count: number, perCommit = 100) {
  for (let first = 0; first < count; first += perCommit) {
    const batch = db.batch();
    for (let i = first; i < Math.min(count, first + perCommit); i++) {
      batch.set(db.collection(`users/${username}/contacts`).doc(), {
        name: `${prefix} ${i}`,
        email: `v${i}@example.gr`,
        phone: `+30 697 000 ${String(i).padStart(4, '0')}`,
        createdAt: FieldValue.serverTimestamp(),
      });
    }
    await batch.commit();
  }
}

/** The mails to `address`. */
const mailsTo = async (address: string) =>
  (await catcher.mails()).filter((mail) => mail.to.some((to) => to.address === address));

/** Every contact of the card as the mailer left it: sent alone, counted in a digest, or neither. */
async function outcome(username: string) {
  const docs = (await db.collection(`users/${username}/contacts`).get()).docs;
  const state = (doc: (typeof docs)[number]) => doc.get(LEAD_MAIL_FIELD) ?? {};
  return {
    all: docs,
    sent: docs.filter((doc) => state(doc).sentAt && !state(doc).digest),
    counted: docs.filter((doc) => state(doc).digest && !state(doc).sentAt),
    both: docs.filter((doc) => state(doc).digest && state(doc).sentAt),
    neither: docs.filter((doc) => !state(doc).digest && !state(doc).sentAt),
  };
}

/** A sender that counts the mails it has in hand at once, each taking `ms`. */
function countingSender(ms: number) {
  const send = smtp();
  const counts = { now: 0, most: 0 };
  const sender: LeadMailerOptions['send'] = async (mail) => {
    counts.most = Math.max(counts.most, ++counts.now);
    try {
      await sendTakes(ms);
      await send(mail);
    } finally {
      counts.now--;
    }
  };
  return { sender, counts };
}

test('a flood of 200 contacts: 5 single mails and one digest, a few sends at a time, another card not held up', async () => {
  const [a, b] = [countingSender(50), countingSender(50)];
  const clock = mailerHours();
  const options = { singlesPerWindow: QUOTA, hoursAheadMs: clock.aheadMs };
  const mailers = [
    mailer('flood-a', undefined, { ...options, send: a.sender }),
    mailer('flood-b', undefined, { ...options, send: b.sender }),
  ];
  await Promise.all(mailers.map((m) => m.ready));
  clock.fresh();
  const flooding = flood('flood', 'Πλημμύρα', 200);
  // Another card's visitor, once the flood is being handled.
  await until(async () => logs.some((line) => /users\/flood\/contacts\/\S+ mailed/.test(line)));
  const other = await db.collection('users/olga/contacts').add({
    name: 'Όλγα Other',
    email: 'visitor@example.gr',
    createdAt: FieldValue.serverTimestamp(),
  });
  await flooding;
  const otherState = await until(async () => {
    const data = (await other.get()).data();
    return data?.[LEAD_MAIL_FIELD]?.sentAt ? data : undefined;
  });
  const otherDelay =
    otherState[LEAD_MAIL_FIELD].sentAt.toMillis() - otherState.createdAt.toMillis();
  console.log(`another card's contact during a flood of 200: mailed after ${otherDelay} ms`);
  // Mailed while the flood's hour is still open (it ends only when the test ends it), alone: not
  // held up by the flood. How soon is npm run bench's figure (--only flood, budget 10 s).
  expect(otherState[LEAD_MAIL_FIELD].digest).toBeUndefined();

  // Every contact is handled in one hour: the quota mailed alone and the rest in that hour's one
  // digest (a contact handled after the hour would have opened another).
  const handled = await until(async () => {
    const now = await outcome('flood');
    return now.neither.length === 0 && now;
  });
  expect(handled.sent).toHaveLength(QUOTA);
  expect(handled.counted).toHaveLength(200 - QUOTA);
  expect(handled.both).toHaveLength(0);
  const [digestId] = new Set(handled.counted.map((doc) => doc.get(`${LEAD_MAIL_FIELD}.digest`)));
  expect(new Set(handled.counted.map((doc) => doc.get(`${LEAD_MAIL_FIELD}.digest`))).size).toBe(1);
  // The oldest are mailed alone: the first commit's.
  expect(handled.sent.every((doc) => Number(doc.get('name').split(' ')[1]) < 100)).toBe(true);

  // The digest comes once its hour is over: one mail, whatever the number of mailers.
  const digestRef = db.collection(LEAD_DIGESTS_COLLECTION).doc(digestId);
  expect((await digestRef.get()).get('sentAt')).toBeUndefined();
  clock.end();
  await until(async () => (await digestRef.get()).get('sentAt'));
  await settled(
    mailers,
    handled.all.map((doc) => doc.ref),
  );
  const mails = await mailsTo('flo.account@karta.test');
  const singles = mails.filter((mail) => mail.subject.startsWith('Νέα επαφή'));
  const digests = mails.filter((mail) => mail.subject.startsWith('Σύνοψη'));
  expect(singles).toHaveLength(QUOTA);
  expect(new Set(singles.map((mail) => mail.subject)).size).toBe(QUOTA);
  expect(digests).toHaveLength(1);
  const [digest] = digests;
  expect(digest.subject).toBe('Σύνοψη: 195 ακόμη νέες επαφές από την κάρτα σας');
  expect(digest.text).toMatch(/ 195 ακόμη νέες επαφές\./);
  expect(digest.text).toContain('Για τις πρώτες 5 της ώρας λάβατε χωριστό μήνυμα');
  expect(digest.text).toContain('Οι 5 πιο πρόσφατες:');
  expect(digest.text).toMatch(/\/account$/m);
  // The newest five, with what the visitor left: from the second commit.
  const named = [...digest.text.matchAll(/^Όνομα: «Πλημμύρα (\d+)»$/gm)].map((m) => Number(m[1]));
  expect(named).toHaveLength(5);
  expect(named.every((i) => i >= 100)).toBe(true);
  expect(digest.text).toMatch(/^Email: «v\d+@example\.gr»$/m);
  expect(digest.text).toMatch(/^Τηλέφωνο: «\+30 697 000 \d{4}»$/m);
  // The document keeps the count, not the names.
  const stored = (await digestRef.get()).data()!;
  expect(stored).toMatchObject({ count: 195, singles: 5, open: false, username: 'flood' });
  expect(stored.newest).toBeUndefined();

  // Never more than a few mails in the SMTP server's hands at once.
  console.log(`most sends at once: ${a.counts.most} and ${b.counts.most}`);
  expect(a.counts.most).toBeLessThanOrEqual(MAILER_CONCURRENCY);
  expect(b.counts.most).toBeLessThanOrEqual(MAILER_CONCURRENCY);
});

test('a mailer stopped mid-flood, another started: every contact mailed or counted, once', async () => {
  const clock = mailerHours();
  const options = { singlesPerWindow: QUOTA, leaseMs: 2000, hoursAheadMs: clock.aheadMs };
  // Slow enough that the first mailer stops with some of the single mails not sent.
  const slow = countingSender(700);
  const first = mailer('first-of-two', undefined, { ...options, send: slow.sender });
  await first.ready;
  clock.fresh();
  await flood('restart', 'Επανεκκίνηση', 450, 150);
  await until(async () => (await outcome('restart')).sent.length >= 2);
  await first.stop();
  const before = await outcome('restart');
  expect(before.sent.length).toBeLessThan(QUOTA);
  const second = mailer('second-of-two', undefined, options);
  await second.ready;
  const handled = await until(async () => {
    const now = await outcome('restart');
    return now.neither.length === 0 && now;
  });
  expect(handled.both).toHaveLength(0);
  // The hour's quota holds across the two mailers, whichever hours the flood fell in.
  const hours = new Map<string, { sent: number; counted: number }>();
  for (const doc of handled.all) {
    const state = doc.get(LEAD_MAIL_FIELD);
    const hour = state.digest ?? state.single;
    const entry = hours.get(hour) ?? { sent: 0, counted: 0 };
    if (state.digest) entry.counted++;
    else entry.sent++;
    hours.set(hour, entry);
  }
  for (const { sent } of hours.values()) expect(sent).toBeLessThanOrEqual(QUOTA);
  // Each digest mailed once its hour is over, with the count of the contacts it holds.
  clock.end();
  for (const [hour, { counted }] of hours) {
    if (counted === 0) continue;
    await until(async () =>
      (await db.collection(LEAD_DIGESTS_COLLECTION).doc(hour).get()).get('sentAt'),
    );
  }
  await settled(
    [second],
    handled.all.map((doc) => doc.ref),
  );
  const mails = await mailsTo('rea.account@karta.test');
  const singles = mails.filter((mail) => mail.subject.startsWith('Νέα επαφή'));
  expect(singles.map((mail) => mail.subject).sort()).toEqual(
    handled.sent.map((doc) => `Νέα επαφή από την κάρτα σας: «${doc.get('name')}»`).sort(),
  );
  const digestCounts = mails
    .filter((mail) => mail.subject.startsWith('Σύνοψη'))
    .map((mail) => Number(/(\d+) ακόμη/.exec(mail.subject)?.[1]));
  expect(digestCounts.sort()).toEqual(
    [...hours.values()]
      .map(({ counted }) => counted)
      .filter(Boolean)
      .sort(),
  );
  expect(digestCounts.reduce((sum, n) => sum + n, 0) + singles.length).toBe(450);
});

test('an owner whose address is not verified gets no mail at all, and no digest is kept', async () => {
  const m = mailer('unverified', undefined, { singlesPerWindow: QUOTA });
  await m.ready;
  await flood('una', 'Άγνωστη', 12);
  const handled = await until(async () => {
    const docs = (await db.collection('users/una/contacts').get()).docs;
    return docs.every((doc) => doc.get(`${LEAD_MAIL_FIELD}.skipped`) === 'unverified') && docs;
  });
  expect(handled).toHaveLength(12);
  expect(
    (await db.collection(LEAD_DIGESTS_COLLECTION).where('username', '==', 'una').get()).size,
  ).toBe(0);
  await settled(
    [m],
    handled.map((doc) => doc.ref),
  );
  expect(await mailsTo('someone.else@karta.test')).toEqual([]);
  expect(logs.some((line) => /users\/una.* not mailed \(unverified\)$/.test(line))).toBe(true);
});

test('contacts on ten cards at once: a few mails in the SMTP server’s hands at a time, every one sent', async () => {
  const { sender, counts } = countingSender(400);
  const m = mailer('many', undefined, { send: sender });
  await m.ready;
  const batch = db.batch();
  const refs = Array.from({ length: 10 }, (_, i) =>
    db.collection(`users/many-${i}/contacts`).doc(),
  );
  refs.forEach((ref, i) =>
    batch.set(ref, {
      name: `Πολλές ${i}`,
      email: 'visitor@example.gr',
      createdAt: FieldValue.serverTimestamp(),
    }),
  );
  await batch.commit();
  await until(async () => {
    const states = await Promise.all(
      refs.map(async (ref) => (await ref.get()).get(LEAD_MAIL_FIELD)),
    );
    return states.every((state) => state?.sentAt);
  });
  console.log(`ten cards: most sends at once ${counts.most}`);
  // In parallel, but bounded.
  expect(counts.most).toBeGreaterThan(1);
  expect(counts.most).toBeLessThanOrEqual(MAILER_CONCURRENCY);
});

test('a mailer stopped while its digest could not be sent: another takes the digest over and mails it once', async () => {
  // The hour ends when the test says so, once the flood is counted in it: not on the clock.
  const clock = mailerHours();
  const options = { singlesPerWindow: 2, leaseMs: 2000, hoursAheadMs: clock.aheadMs };
  const send = smtp();
  // This mailer's mail server takes single mails and refuses digests.
  const first = mailer('digest-first', undefined, {
    ...options,
    send: async (mail) => {
      if (mail.subject.startsWith('Σύνοψη')) throw new Error('421 try again later');
      await send(mail);
    },
  });
  await first.ready;
  clock.fresh();
  await flood('dora', 'Σύνοψη-δοκιμή', 12, 12);
  await until(async () => (await outcome('dora')).neither.length === 0);
  clock.end();
  await until(async () => logs.some((line) => /leadDigests\/dora_.*retry 1/.test(line)));
  await first.stop();
  const second = mailer('digest-second', undefined, options);
  await second.ready;
  const handled = await until(async () => {
    const now = await outcome('dora');
    return now.neither.length === 0 && now;
  });
  const hours = new Map<string, number>();
  for (const doc of handled.counted) {
    const hour = doc.get(`${LEAD_MAIL_FIELD}.digest`);
    hours.set(hour, (hours.get(hour) ?? 0) + 1);
  }
  for (const hour of hours.keys()) {
    await until(async () =>
      (await db.collection(LEAD_DIGESTS_COLLECTION).doc(hour).get()).get('sentAt'),
    );
  }
  await settled(
    [second],
    handled.all.map((doc) => doc.ref),
  );
  const digests = (await mailsTo('dora.account@karta.test')).filter((mail) =>
    mail.subject.startsWith('Σύνοψη'),
  );
  expect(digests.map((mail) => Number(/(\d+) ακόμη/.exec(mail.subject)?.[1])).sort()).toEqual(
    [...hours.values()].sort(),
  );
  expect(handled.sent.length + [...hours.values()].reduce((a, b) => a + b, 0)).toBe(12);
});

test(
  're-listening from where it got to: each query starts later, and no contact left across one is lost',
  async () => {
    const m = mailer('relisten', undefined, { refreshMs: 300 });
    const started = Date.now();
    await m.ready;
    /** Where each of its listeners listened from (ms), in order, from its log. */
    const listenedFrom = () =>
      logs.flatMap((line) => {
        const from = /^\[relisten\] lead mail: listening from (\S+);/.exec(line)?.[1];
        return from ? [Date.parse(from)] : [];
      });
    // At the start: the week back.
    expect(listenedFrom()).toHaveLength(1);
    expect(listenedFrom()[0]).toBeLessThanOrEqual(started - 6 * 24 * 3600_000);
    // Distinct (mailsAbout looks for the name in a subject): no name inside another.
    const names = Array.from(
      { length: 12 },
      (_, i) => `Λέων Relisten-${String(i).padStart(2, '0')}`,
    );
    const createdAt: number[] = [];
    for (const name of names) {
      const listeners = listenedFrom().length;
      // Left while the listener is replaced: each the moment after the last re-listen began.
      const ref = await db.collection('users/leo/contacts').add({
        name,
        email: 'visitor@example.gr',
        createdAt: FieldValue.serverTimestamp(),
      });
      createdAt.push(((await ref.get()).get('createdAt') as Timestamp).toMillis());
      // A replacement whose first snapshot stalls is given up after 10 s and opened again with a
      // back-off (daemon/listener.ts): on a starved emulator one step can take a few of those.
      await until(async () => listenedFrom().length > listeners);
    }
    for (const name of names) {
      await until(async () => (await mailsAbout(name)).length > 0);
    }
    const froms = listenedFrom();
    // Each listener starts no earlier than the one before (one opened again after a failure starts
    // where it was), and the last no earlier than the margin before the first contact: the week
    // before it is no longer held.
    froms.slice(1).forEach((from, i) => expect(from).toBeGreaterThanOrEqual(froms[i]));
    expect(froms.at(-1)).toBeGreaterThanOrEqual(createdAt[0] - RELISTEN_MARGIN_MS);
    for (const name of names) expect(await mailsAbout(name)).toHaveLength(1);
    // Twelve listeners opened one after another on a busy emulator, then twelve mails: two tests' worth.
  },
  ceiling(2 * TEST_MS),
);

test('a card erased or removed mid-hour and claimed again by another account: nothing an earlier visitor left reaches the new owner', async () => {
  // eva is erased by her owner (server/owner/card.ts); rita and ivo are removed by hand, their
  // digests left behind (as a mailer that was behind, or a race with the erasure, leaves one).
  // rita's new owner has a visitor within the same hour; ivo's has none.
  const names = ['eva', 'rita', 'ivo'];
  for (const name of names) {
    await db.doc(`users/${name}`).set({
      firstName: name,
      [OWNER_FIELD]: `uid-${name}-1`,
      [CLAIMED_FIELD]: FieldValue.serverTimestamp(),
    });
    await db.doc(`owners/uid-${name}-1`).set({ username: name });
  }
  const clock = mailerHours();
  const m = mailer('reclaim', undefined, { singlesPerWindow: QUOTA, hoursAheadMs: clock.aheadMs });
  await m.ready;
  /** What each earlier visitor left: none of it may reach a second owner. */
  const earlier = names.flatMap((name, n) =>
    Array.from({ length: QUOTA + 2 }, (_, i) => ({
      username: name,
      name: `Πρώην-${name}-${i}`,
      email: `earlier.${name}.${i}@example.gr`,
      phone: `+30 690 555 ${n}${i}${i}`,
    })),
  );
  clock.fresh();
  for (const { username, ...visitor } of earlier) {
    await db
      .collection(`users/${username}/contacts`)
      .add({ ...visitor, createdAt: FieldValue.serverTimestamp() });
  }
  // The earlier owners' hour: five mailed one by one, two counted for the digest.
  for (const name of names) {
    await until(async () => {
      const now = await outcome(name);
      return now.sent.length === QUOTA && now.counted.length === 2;
    });
  }
  await eraseCard({ uid: 'uid-eva-1', emailVerified: true }, 'eva');
  for (const name of ['rita', 'ivo']) {
    await db.doc(`users/${name}`).delete();
    await db.doc(`owners/uid-${name}-1`).delete();
  }
  for (const name of names) {
    await claimCard({ uid: `uid-${name}-2`, emailVerified: true }, { username: name, fields: {} });
  }
  const later = [];
  for (const name of ['eva', 'rita']) {
    later.push(
      await db.collection(`users/${name}/contacts`).add({
        name: `Νέος-${name}`,
        email: `later.${name}@example.gr`,
        createdAt: FieldValue.serverTimestamp(),
      }),
    );
  }
  // Mailed alone or counted for a digest: handled, either way.
  for (const ref of later) {
    await until(async () => {
      const state = (await ref.get()).get(LEAD_MAIL_FIELD);
      return state?.sentAt || state?.digest;
    });
  }
  // Once the hour is over, no digest of these cards is left open.
  clock.end();
  await until(async () => {
    const open = await db
      .collection(LEAD_DIGESTS_COLLECTION)
      .where('username', 'in', names)
      .where('open', '==', true)
      .get();
    return open.empty;
  });
  const contacts = await Promise.all(
    names.map(async (name) => (await db.collection(`users/${name}/contacts`).get()).docs),
  );
  await settled(
    [m],
    contacts.flat().map((doc) => doc.ref),
  );

  const second = (await catcher.mails()).filter((mail) =>
    mail.to.some((to) => /\.second@karta\.test$/.test(to.address)),
  );
  console.log(
    `mails to the second owners:\n${second.map((mail) => `${mail.to[0].address}: ${mail.subject}\n${mail.text}`).join('\n---\n')}`,
  );
  for (const mail of second) {
    const whole = `${mail.subject}\n${mail.text}\n${await catcher.source(mail.id)}`;
    for (const visitor of earlier) {
      expect(whole).not.toContain(visitor.name);
      expect(whole).not.toContain(visitor.email);
      expect(whole).not.toContain(visitor.phone);
    }
  }
  // Each new owner was mailed their own visitor, alone, and nothing else.
  expect(second.map((mail) => [mail.to[0].address, mail.subject]).sort()).toEqual([
    ['eva.second@karta.test', 'Νέα επαφή από την κάρτα σας: «Νέος-eva»'],
    ['rita.second@karta.test', 'Νέα επαφή από την κάρτα σας: «Νέος-rita»'],
  ]);
  // ivo's digest, of the earlier claim, was deleted when its hour ended; any left is a new claim's.
  expect(
    logs.some((line) => /leadDigests\/ivo_\d+ \(2 contacts\) not mailed and deleted/.test(line)),
  ).toBe(true);
  const left = await db.collection(LEAD_DIGESTS_COLLECTION).where('username', 'in', names).get();
  for (const doc of left.docs) expect(doc.get('cardClaim.ownerUid')).toMatch(/-2$/);
  // The earlier owners had their five single mails, and no digest after their card was gone.
  for (const name of names) {
    const first = await mailsTo(`${name}.first@karta.test`);
    expect(first.map((mail) => mail.subject.startsWith('Νέα επαφή'))).toEqual(
      Array(QUOTA).fill(true),
    );
  }
});
