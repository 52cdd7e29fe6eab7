// The invitation mail's words (server/company/invite-mail.ts): karta's subject alone, the greeting
// in the vocative or with no name, the inviter with her article or on a line of her own, sign up
// or sign in, and replies to the admin.
import { INVITE_SUBJECT, inviteOutboxDoc, type InviteMail } from '@/server/company/invite-mail';

const MAIL: InviteMail = {
  to: 'dimitris@example.com',
  inviter: { firstName: 'Μαρία', lastName: 'Παπαδοπούλου', email: 'maria@studio.test' },
  companyName: 'Studio Φως',
  token: 'company.secret',
  firstName: 'Δημήτρης',
  hasAccount: false,
};

const lines = (mail: InviteMail) => String(inviteOutboxDoc(mail).text).split('\n');

test('a Greek inviter and invitee: vocative, article, sign up, Reply-To, and no company in the subject', () => {
  const doc = inviteOutboxDoc(MAIL);
  expect(doc).toMatchObject({ to: MAIL.to, replyTo: 'maria@studio.test', subject: INVITE_SUBJECT });
  expect(INVITE_SUBJECT).not.toContain('Studio');
  expect(lines(MAIL).slice(0, 3)).toEqual([
    'Γεια σας, Δημήτρη,',
    '',
    'Η Μαρία Παπαδοπούλου σας προσκαλεί στην εταιρεία «Studio Φως» στην karta, για να έχετε ψηφιακή επαγγελματική κάρτα με τα στοιχεία της εταιρείας.',
  ]);
  expect(doc.text).toContain('ανοίξτε τον σύνδεσμο και εγγραφείτε');
  expect(doc.text).toContain('απαντήστε σε αυτό το μήνυμα');
});

test('an inviter whose first name does not tell the article is named on a line of her own; an account signs in', () => {
  const mail = {
    ...MAIL,
    inviter: { firstName: 'Alice', lastName: 'Smith', email: 'alice@studio.test' },
    firstName: 'Γιώργος',
    hasAccount: true,
  };
  expect(lines(mail).slice(0, 5)).toEqual([
    'Γεια σας, Γιώργο,',
    '',
    'Πρόσκληση από: Alice Smith',
    '',
    'Σας προσκαλεί στην εταιρεία «Studio Φως» στην karta, για να έχετε ψηφιακή επαγγελματική κάρτα με τα στοιχεία της εταιρείας.',
  ]);
  expect(inviteOutboxDoc(mail).text).toContain('ανοίξτε τον σύνδεσμο και συνδεθείτε');
});

test('a name the vocative is unsure of, or none, greets without a name', () => {
  expect(lines({ ...MAIL, firstName: 'Σπυρίδων' })[0]).toBe('Γεια σας,');
  expect(lines({ ...MAIL, firstName: undefined })[0]).toBe('Γεια σας,');
});

test('an inviter’s card name holding a link is not mailed: her address stands for it', () => {
  const mail = {
    ...MAIL,
    inviter: { firstName: 'Eurobank', lastName: 'https://evil.example', email: 'x@studio.test' },
  };
  expect(lines(mail)[2]).toBe('Πρόσκληση από: x@studio.test');
  expect(inviteOutboxDoc(mail).text).not.toContain('evil.example');
});
