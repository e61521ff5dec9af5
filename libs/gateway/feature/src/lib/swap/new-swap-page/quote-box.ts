import type { QuoteView } from '@swap/domain';
import { type Html, markup } from '../status-page/html';

/** A quote's number as a person writes it: 1e-7 is 0.0000001 (the API's JSON numbers are exact decimals). */
export function plainNumber(value: number): string {
  const text = String(value);
  const small = /^(\d)(?:\.(\d+))?e-(\d+)$/.exec(text);
  return small ? `0.${'0'.repeat(Number(small[3]) - 1)}${small[1]}${small[2] ?? ''}` : text;
}

/** The quote's rows: each a `data-q` slot that the page's script fills from `/swap/new/quote` alike. */
const ROWS = [
  ['send', 'You send'],
  ['receive', 'You receive'],
  ['rate', 'Rate'],
  ['fee', 'Fee'],
  ['min', 'Minimum'],
  ['max', 'Maximum'],
] as const;
type QuoteSlot = (typeof ROWS)[number][0];

export function quoteValues({ from, to, fee, guaranteedAmount }: QuoteView): Record<QuoteSlot, string> {
  return {
    send: `${plainNumber(from.amount)} ${from.code}`,
    receive: `${plainNumber(to.amount)} ${to.code} ${guaranteedAmount === null ? '(about)' : '(guaranteed)'}`,
    rate: `1 ${from.code} = ${plainNumber(from.rate)} ${to.code}`,
    fee: `${plainNumber(fee.percent)} % (${plainNumber(fee.amount)} ${to.code})`,
    min: `${plainNumber(from.min)} ${from.code}`,
    max: from.max === 0 ? 'no limit' : `${plainNumber(from.max)} ${from.code}`,
  };
}

export function quoteRows(quote: QuoteView | null): Html {
  const values = quote && quoteValues(quote);
  return markup`<dl class="details">${ROWS.map(
    ([slot, label]) =>
      markup`<div class="row"><dt>${label}</dt><dd data-q="${slot}">${values?.[slot]}</dd></div>`,
  )}</dl>`;
}
