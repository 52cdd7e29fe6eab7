// What a visitor typed, made fit for a line of the owner's e-mail or its subject, and quoted there
// as data: no character of it can break the line, reorder what the owner reads, or pass for
// karta's own words. Pure, and applied to every contact as it is mailed, whenever it was stored:
// the rules refuse such characters in a new contact's name (lib/control-characters.ts), and this
// cleans those left before, with the same function the card uses on its stored texts.
import { withoutControlCharacters } from '../../lib/control-characters';

/** The quotation marks the mail puts around a visitor's text (Greek guillemets). */
const OPEN_QUOTE = '«';
const CLOSE_QUOTE = '»';
/** A guillemet inside the text becomes its single form: the text cannot close its own quotes. */
const INNER_QUOTES: Readonly<Record<string, string>> = { '«': '‹', '»': '›' };

/** `text` on one line, with nothing that reorders it, and trimmed. */
export function oneLine(text: string): string {
  return withoutControlCharacters(text).trim();
}

/** `text` as the mail shows it: on one line and between guillemets it cannot close. */
export function quoted(text: string): string {
  const inner = oneLine(text).replace(/[«»]/g, (mark) => INNER_QUOTES[mark]);
  return `${OPEN_QUOTE}${inner}${CLOSE_QUOTE}`;
}
