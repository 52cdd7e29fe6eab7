// What a visitor typed, made fit for a line of the owner's e-mail or its subject, and quoted there
// as data: no character of it can break the line, reorder what the owner reads, or pass for
// karta's own words. Pure, and applied to every contact as it is mailed, whenever it was stored.

/**
 * Characters that break a line or a header: C0 and C1 controls (U+0000–U+001F, DEL, U+0080–U+009F,
 * a line feed, a tab and NEL among them), the line and paragraph separators U+2028 and U+2029.
 * Each run becomes one space.
 */
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * Bidirectional controls: the embeddings and overrides U+202A–U+202E and the isolates
 * U+2066–U+2069. «\u202eEve» shows as «evE», and one in a subject reverses whatever a mail client
 * puts after it. They have no glyph of their own: removed, the text reads in the order it was typed.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** The quotation marks the mail puts around a visitor's text (Greek guillemets). */
const OPEN_QUOTE = '«';
const CLOSE_QUOTE = '»';
/** A guillemet inside the text becomes its single form: the text cannot close its own quotes. */
const INNER_QUOTES: Readonly<Record<string, string>> = { '«': '‹', '»': '›' };

/** `text` on one line, with nothing that reorders it, and trimmed. */
export function oneLine(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(LINE_BREAKING, ' ').trim();
}

/** `text` as the mail shows it: on one line and between guillemets it cannot close. */
export function quoted(text: string): string {
  const inner = oneLine(text).replace(/[«»]/g, (mark) => INNER_QUOTES[mark]);
  return `${OPEN_QUOTE}${inner}${CLOSE_QUOTE}`;
}
