// The rule against link-like text in the names an invitation e-mail carries: a company's name and
// an invitee's names. Those names go out from karta's own address to people who never asked for
// them, so a name that holds a web address, a domain or an e-mail address would let anyone send
// phishing as karta («Eurobank: … https://evil.example/unlock»). Names never need one.
//
// linkify-it is what mail programs' own parsers use to turn text into links (mailparser does, with
// the same IANA list, `tlds`): what it finds here is what a reader's mail program could make
// clickable. The reserved names of RFC 2606 / 6761 (example, test, invalid, localhost) are added:
// they are no real TLDs, but a name that reads as `evil.example` reads as an address to a person.
import LinkifyIt from 'linkify-it';
import tlds from 'tlds';

const RESERVED_TLDS = ['example', 'test', 'invalid', 'localhost', 'local'];

const linkify = new LinkifyIt(undefined, { fuzzyIP: true }).tlds([...tlds, ...RESERVED_TLDS]);

/** `www.` reads as an address to a person whatever follows it (linkify-it wants a known host). */
const WWW = /(?<![\p{L}\p{N}])www\.\S*/iu;

/** The first web address, domain or e-mail address in `text`, as written there; or null. */
export function linkIn(text: string): string | null {
  return linkify.match(text)?.[0]?.raw ?? WWW.exec(text)?.[0] ?? null;
}

/**
 * Why a name cannot go in a mail, or null: `subject` names the field as a Greek sentence starts
 * with it («Το όνομα της εταιρείας»).
 */
export function linkTextProblem(subject: string, text: string): string | null {
  const link = linkIn(text);
  return link === null
    ? null
    : `${subject} δεν μπορεί να περιέχει διεύθυνση ιστοσελίδας ή email («${link}»)`;
}

/** The invitee's names that an invitation mail carries, as a sentence names each. */
const INVITEE_NAME_SUBJECTS: Partial<Record<string, string>> = {
  firstName: 'Το όνομα',
  lastName: 'Το επώνυμο',
};

/** Why an invitation row's `field` (firstName, lastName) cannot hold `value`, or null. */
export function inviteeNameProblem(field: string, value: unknown): string | null {
  const subject = INVITEE_NAME_SUBJECTS[field];
  return subject && typeof value === 'string' ? linkTextProblem(subject, value) : null;
}
