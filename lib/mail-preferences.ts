// The owner's choice about new-contact e-mails, kept in owners/{uid}, which only that owner and
// the server can read (firestore.rules).

/** owners/{uid} field: false turns the e-mails off; absent or true, they are sent. */
export const NEW_CONTACT_MAIL_FIELD = 'newContactMail';
