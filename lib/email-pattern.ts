// The one e-mail rule of karta, for a visitor's contact and an owner's card alike. A pattern
// string of plain ASCII classes, which JavaScript's RegExp and the rules' RE2 read the same way;
// both uses match it case-insensitively.
export const EMAIL_PATTERN_SOURCE = '^[A-Z0-9._%+-]+@[A-Z0-9.-]+[.][A-Z]{2,}$';

export const EMAIL_PATTERN = new RegExp(EMAIL_PATTERN_SOURCE, 'i');
