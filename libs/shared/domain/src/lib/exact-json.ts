/**
 * JSON.parse that never rounds numbers: every number token becomes its exact source text as a string
 * ("64990.5", "1.2e-7"). For APIs that send prices as JSON numbers (Bitfinex), where JSON.parse would
 * go through a binary double. Strings, arrays, objects, booleans and null parse as usual.
 */
export function parseJsonExact(text: string): unknown {
  return JSON.parse(quoteNumbers(text));
}

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Rewrites number tokens outside string literals as string literals. */
export function quoteNumbers(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (ch === '-' || (ch >= '0' && ch <= '9')) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      // Not a number token: leave it for JSON.parse to reject.
      if (!match) return text;
      out += `"${match[0]}"`;
      i += match[0].length;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/** Index just past the string literal opening at `start` (or the text's end if unterminated). */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '"') return i + 1;
    else i++;
  }
  return text.length;
}

const BIGINT = '\u0000bigint:';

/**
 * JSON text in which every bigint is written as an exact integer literal: monerod and
 * monero-wallet-rpc read amounts as uint64 JSON numbers, which a JS number cannot hold exactly.
 */
export function stringifyJsonExact(value: unknown): string {
  const text = JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? `${BIGINT}${item}` : item,
  );
  // JSON.stringify writes the NUL of the marker as \u0000, which no real string field contains.
  return text.replace(/"\\u0000bigint:(-?\d+)"/g, '$1');
}
