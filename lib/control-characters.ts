// The one rule against control characters in a name (a visitor's, in their contact, and an
// owner's first and last names on the card). A line feed, tab or carriage return in a name breaks
// the e-mails, the vCard and the CSV built from it, and in a CSV it can hide a formula after the
// first line; no one's name holds one. C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F): Unicode's
// Cc. A pattern string of hex escapes that JavaScript's RegExp and the rules' RE2 read the same
// way; firestore.rules repeats it.
export const NO_CONTROL_CHARACTERS_SOURCE = '^[^\\x00-\\x1F\\x7F-\\x9F]*$';

export const NO_CONTROL_CHARACTERS = new RegExp(NO_CONTROL_CHARACTERS_SOURCE);

/** What the visitor's form and the owner's console say when a name holds one. */
export const CONTROL_CHARACTER_MESSAGE =
  'Το όνομα έχει μη επιτρεπτούς χαρακτήρες (π.χ. αλλαγή γραμμής)';
