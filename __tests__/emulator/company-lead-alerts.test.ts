// The company's admins' alerts of new leads (daemon/mail/company-lead-alerts.ts) against a real
// Firestore emulator and a real SMTP server with an inbox: a lead on a member card is mailed once,
// with two mailers running, to each admin who asked for each lead; a daily digest once to each
// admin who asked for one; never to a member, a former admin, or an admin who chose none, even
// with the choice written on their membership by hand. The choice itself: only an admin sets
// their own (server/company/lead-alert.ts).
import { deleteApp, getApps, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COMPANY_LEAD_ALERTS_COLLECTION,
  RECORD_KEPT_MS,
  startCompanyLeadAlerts,
  type CompanyLeadAlerts,
  type CompanyLeadAlertsOptions,
} from '@/daemon/mail/company-lead-alerts';
import type { OwnerAccount } from '@/daemon/mail/lead-mailer';
import { smtpSender, type SmtpSender } from '@/daemon/mail/smtp';
import { LEAD_ALERT_FIELD } from '@/lib/lead-alert';
import { readLeadAlert, setLeadAlert } from '@/server/company/lead-alert';
import { startMailCatcher, type RunningMailCatcher } from '@/tools/lib/mail-catcher';
import { eventually } from '@/__tests__/helpers/eventually';

// A project of its own on the run's emulator: this file counts every mail.
const PROJECT = 'demo-karta-company-lead-alerts';
const FROM = 'karta <no-reply@karta.test>';
const DAY_MS = 24 * 60 * 60 * 1000;
const ACCOUNTS: Record<string, OwnerAccount> = {
  'uid-maria': { email: 'maria@studio.test', verified: true },
  'uid-nikos': { email: 'nikos@studio.test', verified: true },
  'uid-sofia': { email: 'sofia@studio.test', verified: true },
  'uid-kostas': { email: 'kostas@studio.test', verified: true },
  'uid-rena': { email: 'rena@studio.test', verified: true },
};

let db: Firestore;
let catcher: RunningMailCatcher;
const logs: string[] = [];
const running: CompanyLeadAlerts[] = [];
const senders: SmtpSender[] = [];

function alerts(id: string, options: Partial<CompanyLeadAlertsOptions> = {}) {
  const sender = smtpSender(catcher.smtpUrl, FROM, 2);
  senders.push(sender);
  const started = startCompanyLeadAlerts({
    db,
    id,
    ownerAccount: async (uid) => ACCOUNTS[uid] ?? null,
    send: sender.send,
    log: (line) => logs.push(`[${id}] ${line}`),
    leaseMs: 20_000,
    // A lead another mailer held is looked at again soon.
    sweepMs: 1000,
    ...options,
  });
  running.push(started);
  return started;
}

async function until<T>(check: () => Promise<T>) {
  try {
    return await eventually(check);
  } catch (error) {
    (error as Error).message += `; logs: ${logs.join(' | ')}`;
    throw error;
  }
}

const mailsTo = async (address: string) =>
  (await catcher.mails()).filter((mail) => mail.to.some((to) => to.address === address));

function leave(name: string) {
  return db.collection('users/sofia/contacts').add({
    name,
    email: 'visitor@example.gr',
    phone: '+30 697 123 4567',
    createdAt: FieldValue.serverTimestamp(),
  });
}

beforeAll(async () => {
  catcher = await startMailCatcher();
  // The project of server/firebase/admin-app.ts, for the setting's server code.
  process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID = PROJECT;
  db = getFirestore(initializeApp({ projectId: PROJECT }, 'company-lead-alerts-test'));
  const joined = Timestamp.fromMillis(Date.now() - 60 * 60 * 1000);
  await db.doc('companies/studio').set({
    name: 'Studio Φως',
    admins: ['uid-maria', 'uid-nikos', 'uid-rena'],
    memberUids: ['uid-maria', 'uid-nikos', 'uid-sofia', 'uid-rena'],
    template: {},
  });
  const member = (username: string, role: string, extra: Record<string, unknown> = {}) => ({
    username,
    role,
    status: 'active',
    joinedAt: joined,
    ...extra,
  });
  await Promise.all([
    db.doc('companies/studio/members/uid-maria').set(member('maria', 'admin')),
    db.doc('companies/studio/members/uid-nikos').set(member('nikos', 'admin')),
    db.doc('companies/studio/members/uid-rena').set(member('rena', 'admin')),
    // Not admins, with the choice written by hand: no mail may reach them.
    db
      .doc('companies/studio/members/uid-sofia')
      .set(member('sofia', 'member', { leadAlert: 'each' })),
    db
      .doc('companies/studio/members/uid-kostas')
      .set(member('kostas', 'admin', { status: 'removed', leadAlert: 'daily' })),
    db.doc('users/sofia').set({
      firstName: 'Σοφία',
      ownerUid: 'uid-sofia',
      companyId: 'studio',
      companyJoinedAt: joined,
    }),
  ]);
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((m) => m.stop()));
  senders.splice(0).forEach((sender) => sender.close());
  logs.length = 0;
});

afterAll(async () => {
  await Promise.all(getApps().map((opened) => deleteApp(opened)));
  await catcher.stop();
});

test('only an admin sets their own alert: a member 403, a bad value 400; each, daily and none are kept', async () => {
  const maria = { uid: 'uid-maria', emailVerified: true };
  expect(await readLeadAlert(maria, 'studio')).toBe('none');
  await expect(
    setLeadAlert({ uid: 'uid-sofia', emailVerified: true }, 'studio', { alert: 'each' }),
  ).rejects.toMatchObject({ status: 403, body: { error: 'not-admin' } });
  await expect(
    readLeadAlert({ uid: 'uid-sofia', emailVerified: true }, 'studio'),
  ).rejects.toMatchObject({
    status: 403,
  });
  await expect(setLeadAlert(maria, 'studio', { alert: 'hourly' })).rejects.toMatchObject({
    status: 400,
    body: { field: 'alert' },
  });
  await expect(
    setLeadAlert({ ...maria, emailVerified: false }, 'studio', { alert: 'each' }),
  ).rejects.toMatchObject({ status: 403, body: { error: 'unverified' } });
  for (const alert of ['daily', 'none', 'each'] as const) {
    expect(await setLeadAlert(maria, 'studio', { alert })).toBe(alert);
    expect(await readLeadAlert(maria, 'studio')).toBe(alert);
  }
  expect(
    await setLeadAlert({ uid: 'uid-nikos', emailVerified: true }, 'studio', { alert: 'daily' }),
  ).toBe('daily');
});

test('a lead is mailed once to the admin who asked for each lead, with two mailers, and to no one else', async () => {
  const [a, b] = [alerts('a'), alerts('b')];
  await Promise.all([a.ready, b.ready]);
  const ref = await leave('Γιώργος Νέος');
  const [mail] = await until(async () => {
    const mails = await mailsTo('maria@studio.test');
    return mails.length > 0 && mails;
  });
  expect(mail.subject).toBe('Νέα επαφή στην κάρτα μέλους sofia: «Γιώργος Νέος»');
  expect(mail.text).toContain('μέλους της εταιρείας «Studio Φως»');
  expect(mail.text).toContain('Όνομα: «Γιώργος Νέος»');
  expect(mail.text).toContain('Τηλέφωνο: «+30 697 123 4567»');
  expect(await catcher.source(mail.id)).toMatch(/^Reply-To: visitor@example\.gr\r?$/m);
  const record = db.doc(`${COMPANY_LEAD_ALERTS_COLLECTION}/lead_studio_uid-maria_sofia_${ref.id}`);
  await until(async () => (await record.get()).get('sentAt') !== undefined);
  await until(async () => a.idle() && b.idle());
  expect(await mailsTo('maria@studio.test')).toHaveLength(1);
  for (const other of ['sofia', 'kostas', 'nikos', 'rena']) {
    expect(await mailsTo(`${other}@studio.test`)).toHaveLength(0);
  }
});

test('the daily digest: once to each admin who asked for it, never to a former admin or one demoted since', async () => {
  await leave('Ελένη Ημέρας');
  // Rena asks for the digest, then is no longer an admin when it is sent.
  await db.doc('companies/studio/members/uid-rena').update({ [LEAD_ALERT_FIELD]: 'daily' });
  await db.doc('companies/studio').update({ admins: FieldValue.arrayRemove('uid-rena') });
  // The days' clock a day on: today's leads are yesterday's.
  const tomorrow = () => Date.now() + DAY_MS;
  const [a, b] = [alerts('da', { now: tomorrow }), alerts('db', { now: tomorrow })];
  await Promise.all([a.ready, b.ready]);
  await Promise.all([a.digestsDue(), b.digestsDue()]);
  await until(async () => a.idle() && b.idle());
  const digests = await until(async () => {
    const mails = await mailsTo('nikos@studio.test');
    return mails.length > 0 && mails;
  });
  expect(digests).toHaveLength(1);
  expect(digests[0].subject).toMatch(/^Σύνοψη ημέρας: \d+ νέες επαφές στις κάρτες των μελών$/);
  expect(digests[0].text).toContain('«Studio Φως»');
  expect(digests[0].text).toContain('Όνομα: «Ελένη Ημέρας»');
  expect(digests[0].text).toContain('Όνομα: «Γιώργος Νέος»');
  expect(await mailsTo('rena@studio.test')).toHaveLength(0);
  expect(await mailsTo('kostas@studio.test')).toHaveLength(0);
  expect(logs.join('\n')).toMatch(/day_studio_uid-rena_.* not mailed \(not-admin\)/);
  // Maria asked for each lead: no digest; the lead alone (this file's first lead was mailed before).
  expect((await mailsTo('maria@studio.test')).every((m) => !m.subject.startsWith('Σύνοψη'))).toBe(
    true,
  );
});

test('a record is kept three days, then deleted by a mailer, however many look at once', async () => {
  const records = db.collection(COMPANY_LEAD_ALERTS_COLLECTION);
  // The records this file's mails left carry their expiry, three days on.
  const written = await records.where('expireAt', '>', Timestamp.now()).get();
  expect(written.size).toBeGreaterThan(0);
  for (const record of written.docs) {
    const left = (record.get('expireAt') as Timestamp).toMillis() - Date.now();
    expect(left).toBeGreaterThan(RECORD_KEPT_MS - 10 * 60_000);
    expect(left).toBeLessThanOrEqual(RECORD_KEPT_MS);
  }
  const past = Timestamp.fromMillis(Date.now() - 1000);
  await Promise.all(
    ['lead_gone_1', 'day_gone_2', 'hour_gone_3'].map((id) =>
      records.doc(id).set({ sentAt: past, expireAt: past }),
    ),
  );
  const [a, b] = [alerts('fa'), alerts('fb')];
  await Promise.all([a.ready, b.ready]);
  const [byA, byB] = await Promise.all([a.forgetExpired(), b.forgetExpired()]);
  expect(byA + byB).toBeGreaterThanOrEqual(3);
  for (const id of ['lead_gone_1', 'day_gone_2', 'hour_gone_3']) {
    expect((await records.doc(id).get()).exists).toBe(false);
  }
  // Every current record stays (a mail still finishing from an earlier test may add one).
  const kept = new Set(
    (await records.where('expireAt', '>', Timestamp.now()).get()).docs.map((d) => d.id),
  );
  expect(written.docs.filter((record) => !kept.has(record.id))).toEqual([]);
});
