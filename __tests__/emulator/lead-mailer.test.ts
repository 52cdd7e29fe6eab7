// The new-contact mails against a real Firestore emulator and a real SMTP server with an inbox
// (maildev): once per contact with two mailers running, retried until a stopped mail server is
// back, taken over from a mailer stopped half-way, and never for a card whose owner switched them
// off, for a contact left before the card was claimed, or for a document no visitor could have
// written. The owner's address comes from a table here; the Firebase Auth lookup is covered with
// the browser in e2e/lead-mail.test.ts.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  startLeadMailer,
  type LeadMailer,
  type LeadMailerOptions,
} from '@/daemon/mail/lead-mailer';
import { smtpSender } from '@/daemon/mail/smtp';
import {
  CLAIMED_FIELD,
  LEAD_MAIL_FIELD,
  NEW_CONTACT_MAIL_FIELD,
  OWNER_FIELD,
} from '@/lib/collections';
import { startEmulator, type RunningEmulator } from '@/tools/lib/emulator';
import { startMailCatcher, type RunningMailCatcher } from '@/tools/lib/mail-catcher';
import { RULES_FILE } from '@/tools/lib/paths';

const PROJECT = 'demo-karta-mail';
const FROM = 'karta <no-reply@karta.test>';
const OWNERS: Record<string, string> = { 'uid-anna': 'anna.account@karta.test' };
let emulator: RunningEmulator;
let app: App;
let db: Firestore;
let catcher: RunningMailCatcher;
const logs: string[] = [];
const mailers: LeadMailer[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(check: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out; logs: ${logs.join(' | ')}`);
    await sleep(100);
  }
}

function mailer(
  id: string,
  smtpUrl = catcher.smtpUrl,
  options: Partial<LeadMailerOptions> = {},
): LeadMailer {
  const started = startLeadMailer({
    db,
    id,
    ownerEmail: async (uid) => OWNERS[uid] ?? null,
    send: smtpSender(smtpUrl, FROM),
    log: (line) => logs.push(`[${id}] ${line}`),
    leaseMs: 4000,
    firstRetryMs: 200,
    maxRetryMs: 500,
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
  // Its own emulator and inbox: this file counts every mail.
  [emulator, catcher] = await Promise.all([
    startEmulator({ rulesPath: RULES_FILE, projectId: PROJECT }),
    startMailCatcher(),
  ]);
  process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
  app = initializeApp({ projectId: PROJECT }, 'lead-mail-test');
  db = getFirestore(app);
  await db
    .doc('users/anna')
    .set({ firstName: 'Άννα', lastName: 'Ζαχαρίου', [OWNER_FIELD]: 'uid-anna' });
  await db.doc('owners/uid-anna').set({ username: 'anna' });
  await db.doc('users/orphan').set({ firstName: 'Κανείς' });
});

afterEach(async () => {
  await Promise.all(mailers.splice(0).map((m) => m.stop()));
  logs.length = 0;
});

afterAll(async () => {
  await deleteApp(app);
  await Promise.all([emulator.stop(), catcher.stop()]);
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
  expect(mail.subject).toBe('Νέα επαφή από την κάρτα σας: Γιώργος Once');
  expect(mail.text).toContain('Όνομα: Γιώργος Once');
  expect(mail.text).toContain('Email: visitor@example.gr');
  expect(mail.text).toContain('Τηλέφωνο: +30 697 123 4567');
  expect(mail.text).toMatch(/Πότε: .+ \(ώρα Ελλάδας\)/);
  expect(mail.text).toMatch(/\/account$/m);
  // Replying answers the visitor.
  expect(await catcher.source(mail.id)).toMatch(/^Reply-To: visitor@example\.gr\r?$/m);
  // Both saw it; one claimed it. Give the other every chance to send a second.
  await sleep(3000);
  expect(await mailsAbout('Γιώργος Once')).toHaveLength(1);
  const state = (await ref.get()).get(LEAD_MAIL_FIELD);
  expect(state.sentAt).toBeDefined();
  expect(['a', 'b']).toContain(state.claimedBy);
});

test('a mail server slower than the lease: its mailer keeps the claim, and no other mails it again', async () => {
  const smtp = smtpSender(catcher.smtpUrl, FROM);
  // Each send takes three leases; a claim not renewed meanwhile would be taken over.
  const slow: LeadMailerOptions['send'] = async (mail) => {
    await sleep(6000);
    await smtp(mail);
  };
  const [a, b] = [
    mailer('slow-a', undefined, { leaseMs: 2000, send: slow }),
    mailer('slow-b', undefined, { leaseMs: 2000, send: slow }),
  ];
  await Promise.all([a.ready, b.ready]);
  const ref = await leave('Σοφία Slow');
  await until(async () => (await ref.get()).get(`${LEAD_MAIL_FIELD}.sentAt`), 30_000);
  // A second mailer that had taken the claim over would send 6 s after it did.
  await sleep(7000);
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
  const first = mailer('first', server.url);
  await first.ready;
  const ref = await leave('Νίκος Takeover');
  await until(async () => (await ref.get()).get(`${LEAD_MAIL_FIELD}.claimedBy`) === 'first');
  await first.stop();
  await server.bringBack();
  const second = mailer('second');
  await second.ready;
  await until(async () => (await mailsAbout('Νίκος Takeover')).length === 1);
  expect((await ref.get()).get(`${LEAD_MAIL_FIELD}.claimedBy`)).toBe('second');
  await sleep(1500);
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

test('contact → mail accepted by the SMTP server: median of 10', async () => {
  const m = mailer('timing');
  await m.ready;
  const refs = [];
  for (let i = 0; i < 10; i++) {
    refs.push(await leave(`Timing ${i}`));
    await sleep(200);
  }
  const latencies = await Promise.all(
    refs.map(async (ref) => {
      const state = await until(async () => {
        const data = (await ref.get()).data();
        return data?.[LEAD_MAIL_FIELD]?.sentAt ? data : undefined;
      });
      return state[LEAD_MAIL_FIELD].sentAt.toMillis() - state.createdAt.toMillis();
    }),
  );
  latencies.sort((x, y) => x - y);
  const median = (latencies[4] + latencies[5]) / 2;
  console.log(`contact → mail sent: median ${median} ms, max ${latencies[9]} ms (10 contacts)`);
  expect(median).toBeLessThan(10_000);
});
