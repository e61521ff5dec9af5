import { CURRENCIES, CURRENCY_CODES, type CurrencyCode, type QuoteView } from '@swap/domain';
import type { AddressCheckView } from '../address-check';
import { type Html, markup, prose } from '../status-page/html';
import { page, type PageAssets } from '../status-page/page.view';
import type { NewSwapForm } from './new-swap.form';
import { quoteRows } from './quote-box';

/** Everything the page shows: the form as typed, and what the server found of it. */
export interface NewSwapPageState {
  form: NewSwapForm;
  /** A fresh stamp for this rendering (the form's own is never sent back). */
  stamp: string;
  /** The referral code's key may ask for a fixed rate (and so for a `to` amount). */
  fixedAllowed: boolean;
  /** Pairs under maintenance, as "FROM-TO". */
  unavailable: ReadonlySet<string>;
  quote: QuoteView | null;
  /** Why there is no quote (the API's message), when an amount was given. */
  quoteError: string | null;
  checks: Partial<Record<'toAddress' | 'refundAddress', AddressCheckView>>;
  /** Why the swap was not created (the API's or the page's message). */
  message: string | null;
}

const REFUND_ADVICE = prose`Strongly recommended: a deposit below the minimum or above liquidity is
  refunded there automatically; without it the swap waits in REFUNDING until you give one.`;

const option = (code: CurrencyCode, selected: boolean, disabled: boolean) =>
  markup`<option value="${code}"${selected && markup` selected`}${disabled && markup` disabled`}>${code} · ${CURRENCIES[code].name}${disabled && ' (unavailable)'}</option>`;

const radio = (name: string, value: string, checked: boolean, label: Html | string, disabled = false) =>
  markup`<label class="choice"><input type="radio" name="${name}" value="${value}"${checked && markup` checked`}${disabled && markup` disabled`}><span>${label}</span></label>`;

function addressField(
  name: 'toAddress' | 'refundAddress',
  label: Html,
  value: string,
  check: AddressCheckView | undefined,
  hint?: Html,
): Html {
  const state = check ? (check.valid ? 'ok' : 'bad') : 'none';
  return markup`<div class="field">
      <label class="label" for="${name}">${label}</label>
      <input class="input mono" id="${name}" name="${name}" value="${value}" autocomplete="off" spellcheck="false" autocapitalize="off"${name === 'toAddress' && markup` required`} aria-describedby="${name}-check">
      <span class="check check--${state}" id="${name}-check" data-check="${name}" aria-live="polite">${check && (check.valid ? 'Valid address.' : check.reason)}</span>
      ${hint && markup`<span class="hint">${hint}</span>`}
    </div>`;
}

/**
 * D19: the service's own page to start a swap, complete without JavaScript (one form: "Get a
 * quote" sends it as a GET to this page, "Create the swap" posts it). The script only keeps the
 * quote live and checks addresses as they are typed. Every value goes in through `markup`.
 */
export class NewSwapView {
  constructor(private readonly assets: PageAssets) {}

  render(state: NewSwapPageState): string {
    const { form, fixedAllowed, unavailable, quote, quoteError, checks, message } = state;
    const from = (CURRENCY_CODES as readonly string[]).includes(form.from) ? form.from : 'BTC';
    const to = (CURRENCY_CODES as readonly string[]).includes(form.to)
      ? form.to
      : from === 'ETH'
        ? 'BTC'
        : 'ETH';
    const direction = fixedAllowed && form.direction === 'to' ? 'to' : 'from';
    const type = fixedAllowed && (form.type === 'fixed' || direction === 'to') ? 'fixed' : 'float';
    const fromCode = markup`<span data-code="from">${from}</span>`;
    const toCode = markup`<span data-code="to">${to}</span>`;
    const main = markup`<main id="new-swap" class="page">
  <header class="top">
    <p class="eyebrow">Instant swap</p>
    <h1>Start a swap</h1>
  </header>
  ${message && markup`<section class="card notice notice--danger" role="alert"><h2>The swap was not created</h2><p data-message>${message}</p></section>`}
  <form class="card form" method="post" action="new" data-unavailable="${[...unavailable].join(' ')}" data-fixed="${String(fixedAllowed)}">
    <input type="hidden" name="ref" value="${form.ref}">
    <input type="hidden" name="stamp" value="${state.stamp}">
    <div class="pair">
      <div class="field"><label class="label" for="from">You send</label>
        <select class="input" id="from" name="from">${CURRENCY_CODES.map((code) => option(code, code === from, false))}</select></div>
      <div class="field"><label class="label" for="to">You receive</label>
        <select class="input" id="to" name="to">${CURRENCY_CODES.map((code) => option(code, code === to, unavailable.has(`${from}-${code}`)))}</select></div>
    </div>
    <div class="field">
      <label class="label" for="amount">Amount</label>
      <input class="input" id="amount" name="amount" value="${form.amount}" inputmode="decimal" autocomplete="off" placeholder="0.0" required>
      <div class="choices">
        ${radio('direction', 'from', direction === 'from', markup`is what I send (${fromCode})`)}
        ${radio('direction', 'to', direction === 'to', markup`is what I receive (${toCode}, fixed rate)`, !fixedAllowed)}
      </div>
    </div>
    <div class="field"><span class="label">Rate</span>
      <div class="choices">
        ${radio('type', 'float', type === 'float', 'Floating: 0.25 % fee, the rate of the moment your deposit arrives')}
        ${fixedAllowed && radio('type', 'fixed', type === 'fixed', 'Fixed: 0.5 % fee, the amount you receive is guaranteed')}
      </div>
    </div>
    <section class="quote" aria-live="polite" data-quote>
      <h2>Quote</h2>
      <p class="quote-note${quoteError !== null && ' bad'}" data-quote-note>${quoteError ?? (quote ? 'Prices move every 10 seconds.' : 'Enter an amount to see a quote.')}</p>
      ${quoteRows(quote)}
      <button class="button button--secondary" type="submit" formmethod="get" formaction="new" formnovalidate data-quote-button>Get a quote</button>
    </section>
    ${addressField('toAddress', markup`Your ${toCode} address (the swap pays it)`, form.toAddress, checks.toAddress)}
    ${addressField('refundAddress', markup`Your ${fromCode} refund address (optional)`, form.refundAddress, checks.refundAddress, REFUND_ADVICE)}
    <button class="button" type="submit">Create the swap</button>
  </form>
  <footer class="foot"><p>After you create it, the swap's own page shows where to send your ${fromCode}. Keep its link.</p></footer>
</main>`;
    return page('Start a swap', this.assets, main);
  }
}
