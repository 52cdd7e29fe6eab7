// The new-contact e-mail's words and who it goes to, the hour's digest, which documents count as a
// visitor's contact (daemon/mail/new-contact-mail.ts), what the visitor typed shown as quoted data
// on one line (daemon/mail/visitor-text.ts), and no mailer without SMTP_URL (daemon/mail/start.ts).
import { Timestamp } from 'firebase-admin/firestore';
import { athensTime, digestMail, leadMail, parseLeadContact } from '@/daemon/mail/new-contact-mail';
import { startConfiguredMailers } from '@/daemon/mail/start';

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
  expect(mail.subject).toBe('Νέα επαφή από την κάρτα σας: «Γιώργος»');
  // 21:30 UTC on 1 July is 00:30 on 2 July in Athens (summer time, UTC+3).
  expect(athensTime(contact.createdAt)).toMatch(/2 Ιουλίου 2026/);
  expect(athensTime(contact.createdAt)).toMatch(/12:30|00:30/);
  expect(mail.text.split('\n')).toEqual(
    expect.arrayContaining([
      'Όνομα: «Γιώργος»',
      'Email: «g@example.gr»',
      'Τηλέφωνο: «+30 697 123 4567»',
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
    expect(startConfiguredMailers()).toBeUndefined();
  } finally {
    if (saved !== undefined) process.env.SMTP_URL = saved;
  }
});

test('the digest: how many, the newest with what they left, a link to the console, no Reply-To', () => {
  const newest = [
    { name: 'Νεότερη', email: 'n@example.gr', phone: '+30 697 1', createdAt: new Date() },
    { name: 'Χωρίς τηλέφωνο', email: 'x@example.gr', createdAt: new Date() },
  ];
  const mail = digestMail('maria', 'owner@example.gr', {
    count: 1234,
    singles: 5,
    newest,
    start: new Date('2026-07-01T21:00:00Z'),
    end: new Date('2026-07-01T22:00:00Z'),
  });
  expect(mail.to).toBe('owner@example.gr');
  expect(mail.replyTo).toBeUndefined();
  expect(mail.subject).toBe('Σύνοψη: 1234 ακόμη νέες επαφές από την κάρτα σας');
  const lines = mail.text.split('\n');
  expect(lines[0]).toMatch(/στην κάρτα σας https?:\/\/[^/]+\/maria 1234 ακόμη νέες επαφές\.$/);
  expect(lines[0]).toContain('(ώρα Ελλάδας)');
  expect(lines).toEqual(
    expect.arrayContaining([
      'Για τις πρώτες 5 της ώρας λάβατε χωριστό μήνυμα. Για τις υπόλοιπες στέλνουμε μόνο αυτή τη σύνοψη, μία την ώρα, ώστε να μη γεμίζει το γραμματοκιβώτιό σας.',
      'Οι 2 πιο πρόσφατες:',
      'Όνομα: «Νεότερη»',
      'Email: «n@example.gr»',
      'Τηλέφωνο: «+30 697 1»',
      'Όνομα: «Χωρίς τηλέφωνο»',
      expect.stringMatching(
        /^Όλες οι επαφές σας, και η λήψη τους σε CSV: https?:\/\/[^/]+\/account$/,
      ),
    ]),
  );
  expect(lines.filter((line) => line.startsWith('Τηλέφωνο'))).toHaveLength(1);
});

test('a digest of one contact speaks of one', () => {
  const contact = { name: 'Μία', email: 'm@example.gr', createdAt: new Date() };
  const mail = digestMail('maria', 'o@example.gr', {
    count: 1,
    singles: 5,
    newest: [contact],
    start: new Date(),
    end: new Date(),
  });
  expect(mail.subject).toBe('Σύνοψη: 1 ακόμη νέα επαφή από την κάρτα σας');
  expect(mail.text).toContain('Η πιο πρόσφατη:');
});

// ---- what the visitor typed, as data

const BIDI = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
const hex = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase()}`;

test('a bidi override in a name never reaches the subject: «\\u202eEve» is «Eve»', () => {
  const contact = parseLeadContact({ name: '\u202eEve', email: 'eve@example.gr', createdAt })!;
  const mail = leadMail('maria', 'owner@example.gr', contact);
  expect(mail.subject).toBe('Νέα επαφή από την κάρτα σας: «Eve»');
  expect(mail.text.split('\n')).toContain('Όνομα: «Eve»');
});

test.each(BIDI.map((char) => [hex(char), char]))(
  '%s: removed from the subject and every line, in a stored digest too',
  (_, char) => {
    const contact = {
      name: `Ev${char}e`,
      email: 'eve@example.gr',
      phone: `+30${char} 697`,
      createdAt: createdAt.toDate(),
    };
    const single = leadMail('maria', 'owner@example.gr', contact);
    // Stored as it was written, not parsed: the mail is built from it all the same.
    const digest = digestMail('maria', 'owner@example.gr', {
      count: 1,
      singles: 5,
      newest: [contact],
      start: new Date(),
      end: new Date(),
    });
    for (const mail of [single, digest]) {
      expect(`${mail.subject}\n${mail.text}`).not.toContain(char);
      expect(mail.text.split('\n')).toEqual(
        expect.arrayContaining(['Όνομα: «Eve»', 'Τηλέφωνο: «+30 697»']),
      );
    }
    expect(single.subject).toBe('Νέα επαφή από την κάρτα σας: «Eve»');
  },
);

test.each([
  ['U+2028 (line separator)', '\u2028'],
  ['U+2029 (paragraph separator)', '\u2029'],
  ['U+0085 (next line, C1)', '\u0085'],
  ['U+009B (C1)', '\u009b'],
  ['a line feed', '\n'],
  ['a tab', '\t'],
])('%s in a name or phone: one space, on one line', (_, char) => {
  const stored = {
    name: `Γιώργος${char}Bcc: all@example.gr`,
    email: 'g@example.gr',
    phone: `+30${char}697`,
    createdAt: createdAt.toDate(),
  };
  for (const contact of [stored, parseLeadContact({ ...stored, createdAt })!]) {
    const mail = leadMail('maria', 'owner@example.gr', contact);
    expect(mail.subject).toBe('Νέα επαφή από την κάρτα σας: «Γιώργος Bcc: all@example.gr»');
    const lines = mail.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining(['Όνομα: «Γιώργος Bcc: all@example.gr»', 'Τηλέφωνο: «+30 697»']),
    );
    expect(mail.text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
  }
});

test('the visitor’s name appears only as a quoted value, never in a sentence of the mail', () => {
  const contact = parseLeadContact({
    name: 'Ο λογαριασμός σας έληξε',
    email: 'g@example.gr',
    phone: '+30 697',
    createdAt,
  })!;
  const mail = leadMail('maria', 'owner@example.gr', contact);
  expect(mail.subject).toBe('Νέα επαφή από την κάρτα σας: «Ο λογαριασμός σας έληξε»');
  expect(mail.text.split('\n').filter((line) => line.includes(contact.name))).toEqual([
    'Όνομα: «Ο λογαριασμός σας έληξε»',
  ]);
  expect(mail.text).toMatch(/^Ένας επισκέπτης άφησε τα στοιχεία του στην κάρτα σας /);
  expect(mail.text).toContain(
    'Απαντήστε σε αυτό το μήνυμα για να γράψετε απευθείας στο email που έδωσε.',
  );
});

test('a guillemet in a name cannot close its quotes', () => {
  const contact = parseLeadContact({
    name: 'Eve» — η κάρτα σας θα διαγραφεί «σήμερα',
    email: 'eve@example.gr',
    createdAt,
  })!;
  const mail = leadMail('maria', 'owner@example.gr', contact);
  expect(mail.subject).toBe(
    'Νέα επαφή από την κάρτα σας: «Eve› — η κάρτα σας θα διαγραφεί ‹σήμερα»',
  );
  expect(mail.text.split('\n')).toContain('Όνομα: «Eve› — η κάρτα σας θα διαγραφεί ‹σήμερα»');
});

test('a name of nothing but bidi controls is no name: not mailed', () => {
  expect(
    parseLeadContact({ name: '\u202e\u2066 ', email: 'eve@example.gr', createdAt }),
  ).toBeNull();
});
