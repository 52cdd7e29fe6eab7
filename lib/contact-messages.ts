/** Apart, so that the card's script carries this one message and not the form's. */
export const CONTACT_SENT = 'Τα στοιχεία σας στάλθηκαν';

export const CONTACT_MESSAGES = {
  required: 'Υποχρεωτικό πεδίο',
  email: 'Συμπληρώστε σωστό email',
  phone: 'Μόνο ψηφία, κενά και + στην αρχή',
  nameTooLong: 'Το όνομα μπορεί να έχει έως 100 χαρακτήρες',
  emailTooLong: 'Το email μπορεί να έχει έως 254 χαρακτήρες',
  phoneTooLong: 'Το τηλέφωνο μπορεί να έχει έως 20 χαρακτήρες',
  sendFailed: 'Η αποστολή απέτυχε. Δοκιμάστε ξανά.',
  sent: CONTACT_SENT,
} as const;
