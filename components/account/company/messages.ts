// What the console says, in Greek, when karta's server refuses a company request: each refusal
// code of the company API (docs/companies.md), and the field it belongs to when it has one.
import { OwnerRequestError } from '@/browser/owner/owner-api';
import { COMPANY_SIGN_IN_REQUIRED } from '@/lib/company-sign-in';
import { OWNER_WRITE_LIMIT_MESSAGE } from '@/lib/owner-writes';
import { USERNAME_MESSAGES } from '@/lib/username';

export const COMPANY_REFUSALS: Record<string, string> = {
  'not-admin': 'Μόνο οι διαχειριστές της εταιρείας μπορούν να το κάνουν.',
  'no-company': 'Η εταιρεία δεν βρέθηκε.',
  'no-card': 'Χρειάζεστε πρώτα δική σας κάρτα.',
  'has-company': 'Ο λογαριασμός σας ανήκει ήδη σε εταιρεία.',
  'last-admin': 'Η εταιρεία χρειάζεται τουλάχιστον έναν διαχειριστή: ορίστε πρώτα άλλον.',
  unverified: 'Επιβεβαιώστε πρώτα τη διεύθυνση email σας από το μήνυμα που σας στείλαμε.',
  'no-invite': 'Η πρόσκληση δεν βρέθηκε. Ελέγξτε ότι ανοίξατε ολόκληρο τον σύνδεσμο.',
  expired: 'Η πρόσκληση έχει λήξει. Ζητήστε νέα από τον διαχειριστή της εταιρείας.',
  revoked: 'Η πρόσκληση ανακλήθηκε από την εταιρεία.',
  used: 'Η πρόσκληση έχει ήδη χρησιμοποιηθεί.',
  'wrong-address':
    'Η πρόσκληση στάλθηκε σε άλλη διεύθυνση email. Συνδεθείτε με τον λογαριασμό εκείνης της διεύθυνσης.',
  taken: USERNAME_MESSAGES.taken,
  'no-member': 'Το μέλος δεν βρέθηκε στην εταιρεία.',
  'too-large': 'Το αίτημα είναι πολύ μεγάλο: στείλτε λιγότερες γραμμές ή μικρότερο αρχείο.',
  'company-card':
    'Η κάρτα ανήκει σε εταιρεία: αποχωρήστε πρώτα από την εταιρεία. Οι επαφές της μένουν στην εταιρεία.',
  // A session opened with a password before the company required its own sign-in.
  'company-sign-in': COMPANY_SIGN_IN_REQUIRED,
};

const FAILED = 'Η ενέργεια απέτυχε. Ελέγξτε τη σύνδεσή σας και δοκιμάστε ξανά.';

/** The refusal in Greek, and the field it names (a 400's message is Greek already). */
export function refusalOf(caught: unknown): { message: string; field?: string } {
  if (!(caught instanceof OwnerRequestError)) return { message: FAILED };
  const { status, error, field, shown } = caught;
  if (status === 429) return { message: shown ?? OWNER_WRITE_LIMIT_MESSAGE };
  if (status === 400) return { message: error, field };
  const known = COMPANY_REFUSALS[error];
  if (known) return { message: known, field };
  return { message: FAILED };
}
