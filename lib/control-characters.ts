// The one rule against characters that make a single line of text lie about itself: in every text
// of a card (its names, job title, company, city, address, links' labels; each is one line) and in
// a visitor's name, in their contact.
// - Control characters: C0 (U+0000–U+001F, a line feed, carriage return and tab included), DEL and
//   C1 (U+007F–U+009F): Unicode's Cc. A line break in a name breaks the e-mails, the vCard and the
//   CSV built from it, in a CSV it can hide a formula after the first line, and in a job title it
//   would give the owner whole lines of the page's head.
// - The line and paragraph separators (U+2028, U+2029), line breaks by another name.
// - The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they
//   reorder what is shown, so a name in a mail's subject or a link's label could show another word
//   or file name than it holds ('Shop' + U+202E + 'fdp.exe' shows 'Shopexe.pdf'). No name or title
//   needs one: Greek, Latin, even Arabic or Hebrew text is ordered by its own characters.
//
// The pattern is written in RE2's syntax, which firestore.rules repeats verbatim for the visitor's
// name (`\x{202A}`: RE2 has no `\u`). JavaScript reads the same class once each `\x{…}` becomes
// `\u{…}` under the `u` flag; `\x00` means the same to both. Every escape is ASCII, so no file holds
// the invisible characters themselves.

/** Every such character, as the body of a character class (RE2's syntax). */
const LINE_BREAKING = '\\x00-\\x1F\\x7F-\\x9F\\x{2028}-\\x{2029}';
const BIDI_CONTROLS = '\\x{202A}-\\x{202E}\\x{2066}-\\x{2069}';

/** A whole string with none of them: the pattern firestore.rules repeats for a visitor's name. */
export const NO_CONTROL_CHARACTERS_SOURCE = `^[^${LINE_BREAKING}${BIDI_CONTROLS}]*$`;

/** RE2's `\x{202A}` as JavaScript writes it (under the `u` flag). */
const toJavaScript = (re2: string) => re2.replace(/\\x\{([0-9A-F]+)\}/g, '\\u{$1}');

export const NO_CONTROL_CHARACTERS = new RegExp(toJavaScript(NO_CONTROL_CHARACTERS_SOURCE), 'u');

const LINE_BREAKING_RUNS = new RegExp(`[${toJavaScript(LINE_BREAKING)}]+`, 'gu');
const BIDI_CONTROL_CHARACTERS = new RegExp(`[${toJavaScript(BIDI_CONTROLS)}]`, 'gu');

/**
 * A stored text as one line that shows what it holds: each run of line breaks, tabs and other
 * control characters becomes one space, bidirectional controls are dropped. For documents written
 * before the rule, or by hand: what NO_CONTROL_CHARACTERS refuses never reaches a page.
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(BIDI_CONTROL_CHARACTERS, '').replace(LINE_BREAKING_RUNS, ' ');
}

/** What the visitor's form and the owner's console say when a name holds one. */
export const CONTROL_CHARACTER_MESSAGE =
  'Το όνομα έχει μη επιτρεπτούς χαρακτήρες (π.χ. αλλαγή γραμμής)';

/** The same, for a card's other texts. */
export const TEXT_CONTROL_CHARACTER_MESSAGE =
  'Το κείμενο έχει μη επιτρεπτούς χαρακτήρες (π.χ. αλλαγή γραμμής)';
