/**
 * Markup karta writes as a string (the e-mail signature, the welcome mail) escapes itself, as React
 * does for the card: `&`, `<`, `>` and both quotes, which covers text and quoted attribute values.
 */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}
