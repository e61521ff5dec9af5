/**
 * Rule 1 in full: a deposit that confirms after the swap's own credit is credited the same way
 * while the swap is open, each deposit handled once. This file decides what becomes of one, and
 * holds the conditions the transition table asks about later deposits, their payouts and returns.
 */
import { DepositReturn, FINAL_STATUSES, LaterDeposit, Swap } from '@swap/domain';
import { exceedsLiquidity, ExchangeTerms, termsAt } from './crediting-plan';
import { ReturnReasons } from './issue-reasons';
import { EventOf } from './machine.types';

type LaterCredited = EventOf<'LaterDepositCredited'>;

/** What a later deposit comes to when the swap cannot add it to its own (the swap's status aside). */
export type LaterPlan = { handling: 'PAID'; terms: ExchangeTerms } | { handling: 'RETURNED'; reason: string };

/**
 * EXCHANGING or SENDING: a float swap exchanges the deposit on its own at the market of the
 * moment, with the swap's fee and the pair minimum, and pays it to toAddress; a fixed-rate quote
 * covered one amount, so the deposit goes back. Any other status: it goes back.
 */
export function planLater(swap: Swap, event: LaterCredited): LaterPlan {
  const back = (reason: string): LaterPlan => ({ handling: 'RETURNED', reason });
  if (FINAL_STATUSES.includes(swap.status)) return back(ReturnReasons.swapEnded(swap.status));
  if (swap.status === 'REFUNDING') return back(ReturnReasons.swapRefunding());
  if (swap.status === 'FAILED') return back(ReturnReasons.swapUnderReview());
  if (swap.type === 'fixed') return back(ReturnReasons.fixedRate());
  const market = event.market;
  if (!market) throw new Error(`a later deposit to a ${swap.status} swap needs the market`);
  if (event.amount < market.pairMin)
    return back(ReturnReasons.belowMinimum(event.amount, market.pairMin, swap.from));
  const terms = termsAt(swap, event.amount, market.rate);
  if (terms.amountTo <= 0n || exceedsLiquidity(terms.amountTo, market.payoutAvailable))
    return back(ReturnReasons.noLiquidity());
  return { handling: 'PAID', terms };
}

export const laterDeposit = (swap: Swap, deposit: string): LaterDeposit | undefined =>
  swap.later.find((later) => later.id === deposit);

/** The later deposit whose own payout the treasury knows by `payoutId`. */
export const laterDepositPaidBy = (swap: Swap, payoutId: string): LaterDeposit | undefined =>
  swap.later.find((later) => later.payout?.id === payoutId);

/** The deposit was handled already (a repeated report): nothing changes. */
export const isHandled = (swap: Swap, event: { deposit: string }): boolean =>
  laterDeposit(swap, event.deposit) !== undefined;

/** The market is known where the swap may exchange the deposit. */
export const marketGiven = (_swap: Swap, event: LaterCredited): boolean => event.market !== null;

const outstanding = (later: LaterDeposit): boolean =>
  later.payout !== null && (later.payout.state === 'REQUESTED' || later.payout.state === 'SENT');

/** A further payout not landed nor failed yet (other than `except`'s). */
export const furtherPayoutOutstanding = (swap: Swap, except?: string): boolean =>
  swap.later.some((later) => later.id !== except && outstanding(later));

/** The swap's own payout has landed (it has a confirmation). */
export const ownPayoutLanded = (swap: Swap): boolean =>
  swap.payoutTx !== null && swap.payoutTx.confirmations >= 1;

/** The swap has a further payout of this deposit. */
export const hasFurtherPayout = (swap: Swap, event: { deposit: string }): boolean =>
  laterDeposit(swap, event.deposit)?.payout != null;

/** This further payout ending leaves nothing to pay: the swap's own landed, no other outstanding. */
export const endsLastPayout = (swap: Swap, event: { deposit: string }): boolean => {
  const later = laterDeposit(swap, event.deposit);
  return (
    later !== undefined &&
    outstanding(later) &&
    ownPayoutLanded(swap) &&
    !furtherPayoutOutstanding(swap, event.deposit)
  );
};

export const returnOf = (swap: Swap, id: string): DepositReturn | undefined =>
  swap.returns.find((ret) => ret.id === id);

/** The deposit's latest return. */
export const latestReturn = (swap: Swap, deposit: string): DepositReturn | undefined =>
  swap.returns.filter((ret) => ret.deposit === deposit).at(-1);

/** A deposit waits for a refund address to go back. */
export const returnWaiting = (swap: Swap): boolean => swap.returns.some((ret) => ret.state === 'WAITING');

/** This deposit's return waits for an address: a deposit that vanishes before one is given is forgotten. */
export const returnOfDepositWaiting = (swap: Swap, event: { deposit?: string }): boolean =>
  event.deposit !== undefined && latestReturn(swap, event.deposit)?.state === 'WAITING';

/**
 * An operator cannot send the deposit back: the swap added it to its own deposit or paid it out
 * (a payout that failed already sent it back), or a return of it is under way or done.
 */
export const returnBlocked = (swap: Swap, event: { deposit: string }): boolean => {
  const later = laterDeposit(swap, event.deposit);
  if (later?.handling === 'JOINED' || later?.handling === 'PAID') return true;
  const ret = latestReturn(swap, event.deposit);
  return ret !== undefined && ret.state !== 'WAITING' && ret.state !== 'FAILED';
};
