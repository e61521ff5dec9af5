/** Markup known to be safe: only `markup` (which escapes what it is given), `prose` and `trusted` make one. */
export class Html {
  constructor(readonly text: string) {}

  toString(): string {
    return this.text;
  }
}

/** What a template may interpolate: text is escaped, Html is kept, nothing (null, false) is dropped. */
export type HtmlPart = Html | string | number | bigint | null | undefined | false | readonly HtmlPart[];

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an element's content or a quoted attribute value. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

function render(part: HtmlPart): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/**
 * A template whose every interpolation is escaped unless it is already Html: everything from the
 * order (addresses, reasons, transaction ids) goes in as text, so no value can become markup.
 * (Not named `html`: Prettier would reformat such templates as documents, whitespace included.)
 */
export function markup(strings: TemplateStringsArray, ...values: HtmlPart[]): Html {
  return join(strings, values);
}

/** `markup` for running text: the template's own line breaks and indentation become single spaces. */
export function prose(strings: TemplateStringsArray, ...values: HtmlPart[]): Html {
  return join(
    strings.map((part) => part.replace(/\s+/g, ' ')),
    values,
  );
}

function join(strings: readonly string[], values: HtmlPart[]): Html {
  let text = strings[0];
  values.forEach((value, i) => {
    text += render(value) + strings[i + 1];
  });
  return new Html(text);
}

/** Markup the server built itself from no outside text (the QR code's SVG). */
export const trusted = (markup: string): Html => new Html(markup);
