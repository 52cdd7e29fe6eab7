// The new-contact e-mail's words and who it goes to, which documents count as a visitor's contact
// (daemon/mail/new-contact-mail.ts), and no mailer without SMTP_URL (daemon/mail/start.ts).
import { Timestamp } from 'firebase-admin/firestore';
import { athensTime, leadMail, parseLeadContact } from '@/daemon/mail/new-contact-mail';
import { startConfiguredLeadMailer } from '@/daemon/mail/start';

const createdAt = Timestamp.fromDate(new Date('2026-07-01T21:30:00Z'));

test('a visitor’s contact as their write leaves it', () => {
  expect(
    parseLeadContact({ name: 'Γιώργος', email: 'g@example.gr', phone: '+30 697', createdAt }),
  ).toEqual({
    name: 'Γιώργος',
    email: 'g@example.gr',
    phone: '+30 697',
    createdAt: createdAt.toDate(),
  });
});

test.each([
  ['no document', undefined],
  ['no e-mail', { name: 'Γιώργος', createdAt }],
  ['an e-mail the rules refuse', { name: 'Γιώργος', email: 'g@', createdAt }],
  ['an empty name', { name: ' \n ', email: 'g@example.gr', createdAt }],
  ['a phone that is not text', { name: 'Γ', email: 'g@example.gr', phone: 697, createdAt }],
  ['no server time', { name: 'Γ', email: 'g@example.gr', createdAt: '2026-07-01' }],
])('%s: not mailed', (_, data) => {
  expect(parseLeadContact(data as Record<string, unknown> | undefined)).toBeNull();
});

test('a line break in a name cannot start a new header line or paragraph', () => {
  const contact = parseLeadContact({
    name: 'Γιώργος\r\nBcc: all@example.gr',
    email: 'g@example.gr',
    createdAt,
  })!;
  expect(contact.name).toBe('Γιώργος Bcc: all@example.gr');
  expect(leadMail('maria', 'owner@example.gr', contact).subject).not.toMatch(/[\r\n]/);
});

test('the mail: to the owner, Reply-To the visitor, in Greek, Athens time, a link to the console', () => {
  const contact = parseLeadContact({
    name: 'Γιώργος',
    email: 'g@example.gr',
    phone: '+30 697 123 4567',
    createdAt,
  })!;
  const mail = leadMail('maria', 'owner@example.gr', contact);
  expect(mail.to).toBe('owner@example.gr');
  expect(mail.replyTo).toBe('g@example.gr');
  expect(mail.subject).toBe('Νέα επαφή από την κάρτα σας: Γιώργος');
  // 21:30 UTC on 1 July is 00:30 on 2 July in Athens (summer time, UTC+3).
  expect(athensTime(contact.createdAt)).toMatch(/2 Ιουλίου 2026/);
  expect(athensTime(contact.createdAt)).toMatch(/12:30|00:30/);
  expect(mail.text.split('\n')).toEqual(
    expect.arrayContaining([
      'Όνομα: Γιώργος',
      'Email: g@example.gr',
      'Τηλέφωνο: +30 697 123 4567',
      `Πότε: ${athensTime(contact.createdAt)} (ώρα Ελλάδας)`,
      expect.stringMatching(/^Όλες οι επαφές σας: https?:\/\/[^/]+\/account$/),
    ]),
  );
  expect(mail.text).toMatch(/στην κάρτα σας https?:\/\/[^/]+\/maria\.$/m);
});

test('no phone given: no phone line', () => {
  const contact = parseLeadContact({ name: 'Γ', email: 'g@example.gr', createdAt })!;
  expect(leadMail('maria', 'o@example.gr', contact).text).not.toContain('Τηλέφωνο');
});

test('without SMTP_URL no mailer starts, and nothing fails', () => {
  const saved = process.env.SMTP_URL;
  delete process.env.SMTP_URL;
  try {
    expect(startConfiguredLeadMailer()).toBeUndefined();
  } finally {
    if (saved !== undefined) process.env.SMTP_URL = saved;
  }
});
