// A tagged template that escapes every value it is given, for the card's HTML.
// Hand-written because the card is answered by a route handler: that runs in React's server
// component layer, where react-dom/server is refused, and Next's page renderer would add the
// framework's scripts the card does without (docs/performance.md). Escaping every value is all
// it takes; the libraries that offer such a tag (hono/html, lit's server renderer) bring a
// framework along.

/** Markup that is already safe: written in a template, or escaped on its way in. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue =
  SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe both between tags and inside a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** Markup from a template: each `${value}` is escaped, unless it is SafeHtml or a list of it. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1];
  });
  return new SafeHtml(out);
}

/** Markup that must go in as it is (inline CSS, JSON already escaped for a script element). */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** Script code made safe inside a <script> element: nothing in it can close the element early. */
export function inlineScript(code: string): SafeHtml {
  // In a string, a template or a regular expression, `<\/` means what `</` does.
  return new SafeHtml(code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--'));
}
