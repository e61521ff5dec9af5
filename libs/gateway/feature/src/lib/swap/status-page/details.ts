import {
  AWAITING_CREDIT,
  CURRENCIES,
  EXCHANGED,
  type Network,
  type ReturnView,
  type SwapOrderView,
  type SwapStatus,
  trimZeros,
} from '@swap/domain';
import { explorerUrl, type Explorers } from './explorers';
import { type Html, markup } from './html';

/** Where the payout is, or still is, what the user gets; elsewhere it is only what was ordered. */
const PAYING: readonly SwapStatus[] = [...AWAITING_CREDIT, ...EXCHANGED, 'FAILED'];

const amount = (value: string, code: string) => `${trimZeros(value)} ${code}`;

/** "1 LTC = 0.0265 ETH", to ten places at most (a rate is a ratio, not an amount anyone pays). */
function rateText(order: SwapOrderView): string {
  const [whole, fraction = ''] = (order.rateActual ?? order.rate).split('.');
  const shown = trimZeros(fraction ? `${whole}.${fraction.slice(0, 10)}` : whole);
  const kind = order.type === 'fixed' ? 'fixed' : 'floating';
  return `1 ${order.from.code} ${fraction.length > 10 ? '≈' : '='} ${shown} ${order.to.code} (${kind} rate)`;
}

/** One line of the details list; nothing when there is no value. */
const row = (label: string, value: Html | string | null | false | undefined) =>
  value ? markup`<div class="row"><dt>${label}</dt><dd>${value}</dd></div>` : null;

/** Hidden until the script, which makes it work, shows it. */
export const copyButton = (value: string, what: string) =>
  markup`<button type="button" class="copy" data-copy="${value}" aria-label="Copy ${what}" hidden>Copy</button>`;

/** What the swap shows in full: amounts, rate, and every address and transaction with its explorer link. */
export class SwapDetails {
  constructor(private readonly explorers: Explorers) {}

  render(order: SwapOrderView): Html {
    const { from, to, refund } = order;
    // A floating rate's payout is a quote until the deposit is credited (§2.5 to.amount).
    const estimate = order.type === 'float' && AWAITING_CREDIT.includes(order.status) ? '≈ ' : '';
    const payout = `${estimate}${amount(to.amount, to.code)}`;
    return markup`<dl class="details">
      ${row('You send', amount(from.amount, from.code))}
      ${row(PAYING.includes(order.status) ? 'You receive' : 'Ordered payout', payout)}
      ${row('At the current rate', order.proposed && amount(order.proposed.amount, to.code))}
      ${row('Rate', rateText(order))}
      ${row('Deposit address', this.address(from.network, from.address))}
      ${row('Deposit transaction', from.tx && this.tx(from.network, from.tx, from.code, from.reqConfirmations))}
      ${row('Credited', /[1-9]/.test(from.amountDeposited) && amount(from.amountDeposited, from.code))}
      ${row('Your address', this.address(to.network, to.address))}
      ${row('Payout transaction', to.tx && this.tx(to.network, to.tx, to.code, null))}
      ${row('Transaction key', to.tx?.txKey && this.secret(to.tx.txKey, 'transaction key'))}
      ${row('Refund address', refund.address && this.address(from.network, refund.address))}
      ${row('Refund transaction', refund.tx && this.tx(from.network, refund.tx, from.code, null))}
      ${order.returns.map((ret) => this.returned(order, ret))}
    </dl>`;
  }

  private address(network: Network, address: string): Html {
    const url = explorerUrl(this.explorers, network, 'address', address);
    return markup`<span class="value">${this.link(url, address)} ${copyButton(address, 'address')}</span>`;
  }

  private secret(value: string, what: string): Html {
    return markup`<span class="value"><code class="mono">${value}</code> ${copyButton(value, what)}</span>`;
  }

  /** A transaction: its link, what it moved, and its confirmations (of those required, for a deposit). */
  private tx(
    network: Network,
    tx: { id: string; amount: string; confirmations: number },
    code: string,
    required: number | null,
  ): Html {
    const url = explorerUrl(this.explorers, network, 'tx', tx.id);
    const count =
      required === null
        ? `${tx.confirmations} confirmation${tx.confirmations === 1 ? '' : 's'}`
        : `${Math.min(tx.confirmations, required)} of ${required} confirmations`;
    return markup`<span class="value">${this.link(url, tx.id)}</span>
      <span class="muted">${amount(tx.amount, code)} · ${count}</span>`;
  }

  private link(url: string | null, text: string): Html {
    return url === null
      ? markup`<code class="mono">${text}</code>`
      : markup`<a class="mono" href="${url}" target="_blank" rel="noopener noreferrer">${text}</a>`;
  }

  /** A deposit the swap did not take, going back (rule 1). */
  private returned(order: SwapOrderView, ret: ReturnView): Html | null {
    const code = order.from.code;
    const network = CURRENCIES[code].network;
    const state: Record<ReturnView['status'], string> = {
      AWAITING_ADDRESS: `waits for a refund address: give one to the site or app where you started this swap, quoting ${order.id}`,
      REFUNDING: 'is being sent back',
      REFUNDED: 'was sent back',
      FAILED: 'could not be sent back yet; our operators are on it, nothing is lost',
    };
    const deposit = this.link(explorerUrl(this.explorers, network, 'tx', ret.depositTx), ret.depositTx);
    const back = ret.tx && this.link(explorerUrl(this.explorers, network, 'tx', ret.tx.id), ret.tx.id);
    return row(
      'Later deposit',
      markup`<span class="value">${deposit}</span>
        <span class="muted">${amount(ret.deposited, code)}: ${amount(ret.amount, code)} ${state[ret.status]}</span>
        ${back && markup`<span class="value">${back}</span>`}`,
    );
  }
}
