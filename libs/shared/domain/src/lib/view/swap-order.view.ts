/** Renders the swap order of section 2.5 (its shape: swap-order.schema.ts). */
import { CURRENCIES, CurrencyCode } from '../currencies';
import { fromUnits } from '../money';
import { ChainTx, DepositReturn, LaterDeposit, Swap } from '../swap';
import type { ChainTxView, PayoutTxView, ReturnStatus, ReturnView, SwapOrderView } from './swap-order.schema';

export interface RenderOptions {
  /** UNIX seconds. */
  now: number;
  /** PUBLIC_URL (D1), without the trailing slash. */
  publicUrl: string;
}

/** Base units → decimal string with exactly the currency's API precision (D6), never exponent form. */
const amount = (units: bigint, code: CurrencyCode): string => {
  const { chainDecimals, precision } = CURRENCIES[code];
  return fromUnits(units, chainDecimals, precision);
};

/** The network fee is in feeCurrency (e.g. ETH for a USDTERC payout), else in the moved currency. */
const feeOf = (tx: ChainTx, code: CurrencyCode): string | null =>
  tx.fee === null ? null : amount(tx.fee, tx.feeCurrency ?? code);

/** The fields every transaction view opens with, in the order the document lists them. */
const txHead = (tx: ChainTx, code: CurrencyCode) => ({
  id: tx.id,
  amount: amount(tx.amount, code),
  fee: feeOf(tx, code),
  feeCurrency: tx.feeCurrency,
  timeReg: tx.timeReg,
});

const chainTxView = (tx: ChainTx | null, code: CurrencyCode): ChainTxView | null =>
  tx && { ...txHead(tx, code), timeBlock: tx.timeBlock, confirmations: tx.confirmations };

/** A payout has no timeBlock, and Monero's carries its tx key. */
const payoutTxView = (tx: ChainTx | null, code: CurrencyCode): PayoutTxView | null =>
  tx && { ...txHead(tx, code), confirmations: tx.confirmations, txKey: tx.txKey };

const RETURN_STATUS: Record<DepositReturn['state'], ReturnStatus> = {
  WAITING: 'AWAITING_ADDRESS',
  REQUESTED: 'REFUNDING',
  SENT: 'REFUNDED',
  CONFIRMED: 'REFUNDED',
  FAILED: 'FAILED',
};

const returnView = (ret: DepositReturn, code: CurrencyCode): ReturnView => ({
  depositTx: ret.depositTx,
  deposited: amount(ret.deposited, code),
  amount: amount(ret.amount, code),
  address: ret.address,
  status: RETURN_STATUS[ret.state],
  tx: chainTxView(ret.tx, code),
  reason: ret.reason,
});

/** Later deposits paid out on their own (a failed payout's deposit went back instead). */
const paidLater = (swap: Swap): LaterDeposit[] =>
  swap.later.filter((later) => later.payout !== null && later.payout.state !== 'FAILED');

/**
 * Rule 1: from.amountDeposited, to.amount and fee.amount add the deposits paid out on their own
 * to the swap's own; to.tx is the latest payout sent.
 */
function totals(swap: Swap): { deposited: bigint; paid: bigint; fee: bigint; tx: ChainTx | null } {
  let deposited = swap.amountDeposited;
  let paid = swap.amountTo;
  let fee = swap.feeAmount;
  let tx = swap.payoutTx;
  for (const later of paidLater(swap)) {
    const payout = later.payout as NonNullable<LaterDeposit['payout']>;
    deposited += later.amount;
    paid += payout.amountTo;
    fee += payout.feeAmount;
    if (payout.tx && (tx === null || payout.tx.timeReg >= tx.timeReg)) tx = payout.tx;
  }
  return { deposited, paid, fee, tx };
}

/**
 * time.left counts down only while NEW and no deposit was seen; never for a dry run, which never
 * expires (rule 4): there is no window to count down.
 */
const secondsLeft = (swap: Swap, now: number): number | null =>
  swap.status === 'NEW' && swap.depositTx === null && !swap.dryrun
    ? Math.max(0, swap.time.expiration - now)
    : null;

/**
 * The literals below name every field rather than spreading one object into a bigger one: V8 takes
 * a slow path for `{ ...a, extra }` (about a microsecond each), and this renders every status
 * answer. A plain copy (`{ ...swap.issue }`) stays fast and keeps the stored field order.
 */
export function renderSwapOrder(swap: Swap, opts: RenderOptions): SwapOrderView {
  const base = opts.publicUrl.replace(/\/+$/, '');
  const from = CURRENCIES[swap.from];
  const to = CURRENCIES[swap.to];
  const { time } = swap;
  const sums = swap.later.length === 0 ? null : totals(swap);
  return {
    id: swap.id,
    token: swap.token,
    type: swap.type,
    status: swap.status,
    time: {
      reg: time.reg,
      start: time.start,
      finish: time.finish,
      update: time.update,
      expiration: time.expiration,
      left: secondsLeft(swap, opts.now),
    },
    from: {
      code: swap.from,
      coin: from.coin,
      network: from.network,
      name: from.name,
      amount: amount(swap.amountFrom, swap.from),
      amountDeposited: amount(sums?.deposited ?? swap.amountDeposited, swap.from),
      address: swap.depositAddress,
      reqConfirmations: from.reqConfirmations,
      tx: chainTxView(swap.depositTx, swap.from),
    },
    to: {
      code: swap.to,
      coin: to.coin,
      network: to.network,
      name: to.name,
      amount: amount(sums?.paid ?? swap.amountTo, swap.to),
      address: swap.toAddress,
      tx: payoutTxView(sums ? sums.tx : swap.payoutTx, swap.to),
    },
    refund: { address: swap.refundAddress, tx: chainTxView(swap.refundTx, swap.from) },
    issue: { ...swap.issue },
    rate: swap.rate,
    // The machine keeps the applied rate from crediting on; the document shows it once DONE.
    rateActual: swap.status === 'DONE' ? swap.rateActual : null,
    fee: {
      percent: Number(swap.feePercent),
      amount: amount(sums?.fee ?? swap.feeAmount, swap.to),
      partnerPercent: Number(swap.partnerPercent),
    },
    slippage: swap.slippage === null ? null : Number(swap.slippage),
    proposed: swap.proposed && { rate: swap.proposed.rate, amount: amount(swap.proposed.amount, swap.to) },
    dryrun: swap.dryrun,
    url: swap.dryrun ? null : `${base}/swap/${swap.id}?token=${encodeURIComponent(swap.token)}`,
    ref: swap.ref,
    returns: swap.returns.map((ret) => returnView(ret, swap.from)),
  };
}
