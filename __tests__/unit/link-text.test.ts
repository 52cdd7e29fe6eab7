// The rule against link-like text in the names an invitation mail carries (lib/link-text.ts):
// web addresses, domains and e-mail addresses are found; names, initials and Greek company forms
// (Ο.Ε., Ι.Κ.Ε.) are not.
import { inviteeNameProblem, linkIn, linkTextProblem } from '@/lib/link-text';

test.each([
  [
    'Eurobank: ο λογαριασμός σας κλειδώθηκε - https://evil.example/unlock',
    'https://evil.example/unlock',
  ],
  ['Επείγον: https://evil.example', 'https://evil.example'],
  ['http://192.168.1.10/login', 'http://192.168.1.10/login'],
  ['evil.example', 'evil.example'],
  ['Ξεκλειδώστε στο evil.example/unlock', 'evil.example/unlock'],
  ['www.evil-bank', 'www.evil-bank'],
  ['www.κακό.gr', 'www.κακό.gr'],
  ['Booking.com', 'Booking.com'],
  ['PAYPAL.COM', 'PAYPAL.COM'],
  ['x.co', 'x.co'],
  ['google.co.uk', 'google.co.uk'],
  ['help@evil.example', 'help@evil.example'],
  ['Γράψτε στο info@τράπεζα.gr', 'info@τράπεζα.gr'],
  ['1.2.3.4', '1.2.3.4'],
])('%p holds %p', (text, link) => {
  expect(linkIn(text)).toBe(link);
});

test.each([
  'Studio Φως',
  'Studio Φως Ο.Ε.',
  'Παπαδόπουλος & ΣΙΑ Ι.Κ.Ε.',
  'Κ.Παπαδόπουλος Α.Ε.',
  'J.Smith',
  'Dr. Smith',
  'St.Louis Bakery',
  'Μαρία',
  'Jean-Luc',
  "O'Brien",
  'evil .com',
])('%p holds none', (text) => {
  expect(linkIn(text)).toBeNull();
});

test('the message names the field and the link', () => {
  expect(linkTextProblem('Το όνομα της εταιρείας', 'Δες το evil.example')).toBe(
    'Το όνομα της εταιρείας δεν μπορεί να περιέχει διεύθυνση ιστοσελίδας ή email («evil.example»)',
  );
  expect(linkTextProblem('Το όνομα της εταιρείας', 'Studio Φως')).toBeNull();
});

test('an invitee’s first and last name are checked; the job title and other fields are not', () => {
  expect(inviteeNameProblem('firstName', 'Επείγον: https://evil.example')).toBe(
    'Το όνομα δεν μπορεί να περιέχει διεύθυνση ιστοσελίδας ή email («https://evil.example»)',
  );
  expect(inviteeNameProblem('lastName', 'www.evil.example')).toBe(
    'Το επώνυμο δεν μπορεί να περιέχει διεύθυνση ιστοσελίδας ή email («www.evil.example»)',
  );
  expect(inviteeNameProblem('firstName', 'Γιώργος')).toBeNull();
  expect(inviteeNameProblem('jobTitle', 'Web developer, karta.gr')).toBeNull();
  expect(inviteeNameProblem('firstName', 3)).toBeNull();
});
