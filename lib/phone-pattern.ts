// The one phone rule of karta, for a visitor's contact and an owner's card alike: digits and
// spaces, at least one digit, '+' only as the international prefix. A pattern string that
// JavaScript's RegExp and the rules' RE2 read the same way (firestore.rules repeats it).
export const PHONE_PATTERN_SOURCE = '^[+]?[0-9 ]*[0-9][0-9 ]*$';

export const PHONE_PATTERN = new RegExp(PHONE_PATTERN_SOURCE);
