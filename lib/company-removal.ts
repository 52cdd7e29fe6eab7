// Removal that keeps printed cards working (docs/companies.md): when a member is removed, or
// leaves, their card is switched off, or forwarded to a colleague's card, so that the QR codes
// and NFC cards they handed out still lead somewhere. The names of what is stored, and the words
// the console and the card say about it, for the server, the console and the card alike.

/**
 * On a switched-off card (users/{username}) and its member's record (companies/{id}/members/{uid}):
 * the username of the colleague's card it forwards to. The card's routes answer with a redirect
 * (server/card/response.ts); the record is what the admins' list reads, as they read no card.
 */
export const FORWARD_FIELD = 'forwardTo';

/** On a member's record: the uid of whoever ended the membership (themself: they left). */
export const REMOVED_BY_FIELD = 'removedBy';

/** A departure as stored in departures/{uid}, `at` as the server's time. */
export interface Departure {
  companyName: string;
  username: string;
  /** Removed by an admin (true), or left by themself (false). */
  removed: boolean;
  at: Date | null;
  forwardTo?: string;
}

/** How the admins' list names a member no longer active: removed by an admin, or gone by choice. */
export const endedLabel = (member: { uid: string; removedBy?: string }) =>
  member.removedBy !== undefined && member.removedBy !== member.uid ? 'Αφαιρέθηκε' : 'Αποχώρησε';

/** What the removal's confirmation says will become of the printed QR codes and NFC cards. */
export function printedCardsFate(forwardName: string | null): string {
  return forwardName
    ? // The name in quotes, in the nominative: «την κάρτα του/της Κώστας» would need a genitive.
      `Οι τυπωμένες κάρτες και τα QR θα ανοίγουν την κάρτα «${forwardName}».`
    : 'Οι τυπωμένες κάρτες και τα QR θα δείχνουν μόνο τα στοιχεία της εταιρείας.';
}

/** The refusal of a `forwardTo` that names no active member card of the company other than theirs. */
export const FORWARD_TARGET_MESSAGE = 'Επιλέξτε ένα ενεργό μέλος της εταιρείας για την προώθηση';

/**
 * What the confirmation says of the `count` switched-off cards that forward to the one removed:
 * they follow it (server/company/members.ts), to the colleague `forwardName` or switched off.
 */
export function forwardedCardsFate(count: number, forwardName: string | null): string {
  if (count === 0) return '';
  const one = count === 1;
  const cards = one ? 'Η κάρτα που προωθείται' : `Οι ${count} κάρτες που προωθούνται`;
  return forwardName
    ? `${cards} σε αυτήν θα ${one ? 'ανοίγει' : 'ανοίγουν'} επίσης την κάρτα «${forwardName}».`
    : `${cards} σε αυτήν θα ${one ? 'απενεργοποιηθεί' : 'απενεργοποιηθούν'} επίσης.`;
}
