/**
 * Every transition of section 3 of the interface document, in one table. Rows are tried in order;
 * the first whose status, event, kind of swap and condition match decides. An event no row takes
 * is refused with INVALID_EVENT. `to: 'same'` keeps the status (duplicates and recorded facts).
 */
import { AWAITING_CREDIT, SWAP_STATUSES, Swap, SwapStatus } from '@swap/domain';
import { failureCause } from './issue-reasons';
import { EventOf, MachineRejectionReason, SwapEventKind } from './machine.types';
import {
  changesRefundAddress,
  choiceIs,
  creditingLeadsTo,
  exchangeExceedsLiquidity,
  isTrackedDeposit,
  noRefundAddress,
  payoutUnderWay,
  refundRequested,
  refundUnderWay,
  windowStillOpen,
} from './swap.guards';
import * as step from './swap.steps';
import * as later from './later.steps';
import {
  endsLastPayout,
  furtherPayoutOutstanding,
  hasFurtherPayout,
  isHandled,
  marketGiven,
  ownPayoutLanded,
  returnBlocked,
  returnOf,
  returnOfDepositWaiting,
  returnWaiting,
} from './later-deposits';

export type TransitionTarget = SwapStatus | 'same' | { reject: MachineRejectionReason };

export interface Transition<K extends SwapEventKind = SwapEventKind> {
  from: readonly SwapStatus[];
  on: K;
  /** Which swaps the row is for; real unless said otherwise. */
  swaps?: 'real' | 'dryrun' | 'any';
  /** The condition, in the document's words. */
  when: string;
  guard?: (swap: Swap, event: EventOf<K>) => boolean;
  to: TransitionTarget;
  also?: step.Step<EventOf<K>>;
}

export type AnyTransition = { [K in SwapEventKind]: Transition<K> }[SwapEventKind];

const row = <K extends SwapEventKind>(transition: Transition<K>): AnyTransition =>
  transition as unknown as AnyTransition;
const reject = (reason: MachineRejectionReason): TransitionTarget => ({ reject: reason });

const ANY: readonly SwapStatus[] = SWAP_STATUSES;
const UNCREDITED: readonly SwapStatus[] = ['PENDING', 'CONFIRMING'];
const CREDITED: readonly SwapStatus[] = ['RATE_CHANGED', 'EXCHANGING', 'SENDING', 'REFUNDING'];
const OPEN_WITH_DEPOSIT: readonly SwapStatus[] = [...UNCREDITED, ...CREDITED, 'FAILED'];

const tracked = (swap: Swap, event: { txid: string }) => isTrackedDeposit(swap, event.txid);

// prettier-ignore
export const SWAP_TRANSITIONS: readonly AnyTransition[] = [
  // Dry-run swaps (rules 4 and 5): one step per POST /swap/advance, never expire, never a decision.
  row({ from: ['NEW'], on: 'DryRunAdvanced', swaps: 'dryrun', when: 'advance', to: 'PENDING', also: step.simulateDeposit }),
  row({ from: ['PENDING'], on: 'DryRunAdvanced', swaps: 'dryrun', when: 'advance', to: 'CONFIRMING', also: step.simulateFirstConfirmation }),
  row({ from: ['CONFIRMING'], on: 'DryRunAdvanced', swaps: 'dryrun', when: 'advance', to: 'EXCHANGING', also: step.simulateCrediting }),
  row({ from: ['EXCHANGING'], on: 'DryRunAdvanced', swaps: 'dryrun', when: 'advance (payout initiated)', to: 'SENDING' }),
  row({ from: ['SENDING'], on: 'DryRunAdvanced', swaps: 'dryrun', when: 'advance', to: 'DONE', also: step.simulatePayoutLanded }),
  row({ from: ['DONE'], on: 'DryRunAdvanced', swaps: 'dryrun', when: 'already DONE', to: reject('DRYRUN_DONE') }),
  row({ from: ANY, on: 'DryRunAdvanced', when: 'real swaps move on their own', to: reject('NOT_DRYRUN') }),
  row({ from: ANY, on: 'DecisionMade', swaps: 'dryrun', when: 'dry-run swaps never need a decision', to: reject('DRYRUN_NO_DECISION') }),

  // Payment window.
  row({ from: ['NEW'], on: 'PaymentWindowEnded', when: 'no deposit', guard: (s, e) => e.now >= s.time.expiration, to: 'EXPIRED' }),

  // Deposit detected and confirming.
  row({ from: ['NEW'], on: 'DepositSeen', when: 'any deposit', to: 'PENDING', also: step.recordDeposit }),
  row({ from: OPEN_WITH_DEPOSIT, on: 'DepositSeen', when: 'the same deposit again, or a further one (kept in the engine\'s deposit log, never paid automatically)', to: 'same' }),
  row({ from: ['PENDING'], on: 'DepositConfirmations', when: 'first confirmation', guard: (s, e) => tracked(s, e) && e.confirmations >= 1, to: 'CONFIRMING', also: step.countConfirmations }),
  row({ from: UNCREDITED, on: 'DepositConfirmations', when: 'confirmations of the deposit counted', guard: tracked, to: 'same', also: step.countConfirmations }),
  row({ from: OPEN_WITH_DEPOSIT, on: 'DepositConfirmations', when: 'counts of another deposit, or after crediting', to: 'same' }),

  // Deposit crediting: required confirmations reached (rules 1 and 2).
  row({ from: AWAITING_CREDIT, on: 'DepositCredited', when: 'deposit below the pair minimum', guard: creditingLeadsTo('BELOW_MINIMUM'), to: 'REFUNDING', also: step.creditAndRefund('BELOW_MINIMUM') }),
  row({ from: AWAITING_CREDIT, on: 'DepositCredited', when: 'fixed-rate deposit differs from the ordered amount by more than 0.5 %, key lacks auto_execute_on_mismatch', guard: creditingLeadsTo('RATE_CHANGED'), to: 'RATE_CHANGED', also: step.creditAndPropose }),
  row({ from: AWAITING_CREDIT, on: 'DepositCredited', when: 'payout larger than the service holds', guard: creditingLeadsTo('NO_LIQUIDITY'), to: 'REFUNDING', also: step.creditAndRefund('NO_LIQUIDITY') }),
  row({ from: AWAITING_CREDIT, on: 'DepositCredited', when: 'credited: fixed within 0.5 % as quoted, float (or auto-executed mismatch) at the current rate', guard: creditingLeadsTo('EXCHANGING'), to: 'EXCHANGING', also: step.creditAndPay }),
  row({ from: OPEN_WITH_DEPOSIT, on: 'DepositCredited', when: 'the same deposit again', to: 'same' }),

  // A deposit confirmed after the swap's own credit (rule 1 in full): each handled once.
  row({ from: ANY, on: 'LaterDepositCredited', when: 'handled already', guard: isHandled, to: 'same' }),
  row({ from: AWAITING_CREDIT, on: 'LaterDepositCredited', when: 'not credited yet: deposits are credited together', to: reject('INVALID_EVENT') }),
  row({ from: ['RATE_CHANGED'], on: 'LaterDepositCredited', when: 'joins the deposit the decision applies to; the sum is below the pair minimum (raised since)', guard: (s, e) => marketGiven(s, e) && creditingLeadsTo('BELOW_MINIMUM')(s, later.asCrediting(s, e)), to: 'REFUNDING', also: later.joinAndCredit(step.creditAndRefund('BELOW_MINIMUM')) }),
  row({ from: ['RATE_CHANGED'], on: 'LaterDepositCredited', when: 'joins the deposit the decision applies to; the payout for the sum is more than the service holds', guard: (s, e) => marketGiven(s, e) && creditingLeadsTo('NO_LIQUIDITY')(s, later.asCrediting(s, e)), to: 'REFUNDING', also: later.joinAndCredit(step.creditAndRefund('NO_LIQUIDITY')) }),
  row({ from: ['RATE_CHANGED'], on: 'LaterDepositCredited', when: 'joins the deposit the decision applies to; the sum still differs from the order by more than 0.5 %', guard: (s, e) => marketGiven(s, e) && creditingLeadsTo('RATE_CHANGED')(s, later.asCrediting(s, e)), to: 'RATE_CHANGED', also: later.joinAndCredit(step.creditAndPropose) }),
  row({ from: ['RATE_CHANGED'], on: 'LaterDepositCredited', when: 'joins the deposit the decision applies to; the sum is within 0.5 % of the order', guard: (s, e) => marketGiven(s, e) && creditingLeadsTo('EXCHANGING')(s, later.asCrediting(s, e)), to: 'EXCHANGING', also: later.joinAndCredit(step.creditAndPay) }),
  row({ from: ['REFUNDING'], on: 'LaterDepositCredited', when: 'joins the refund, which waits for an address', guard: (s) => !refundRequested(s), to: 'same', also: later.joinLater }),
  row({ from: ['EXCHANGING', 'SENDING'], on: 'LaterDepositCredited', when: 'float: exchanged at the market of the moment and paid on its own; fixed, below the pair minimum or beyond liquidity: returned', guard: (s, e) => s.type === 'fixed' || marketGiven(s, e), to: 'same', also: later.payOrReturnLater }),
  row({ from: ['REFUNDING', 'FAILED', 'DONE', 'EXPIRED', 'REFUNDED'], on: 'LaterDepositCredited', when: 'returned to the refund address (or waits for one), less the refund fee', to: 'same', also: later.payOrReturnLater }),

  // Chain reorganisations (D4).
  row({ from: ANY, on: 'DepositReverted', when: 'a deposit waiting for an address to go back vanishes', guard: returnOfDepositWaiting, to: 'same', also: later.forgetWaitingReturn }),
  row({ from: UNCREDITED, on: 'DepositReverted', when: 'the uncredited deposit vanishes, no other deposit, window still open', guard: (s, e) => tracked(s, e) && s.amountDeposited === 0n && windowStillOpen(s, e.now), to: 'NEW', also: step.forgetDeposit }),
  row({ from: CREDITED, on: 'DepositReverted', when: 'a credited deposit vanishes (the tracked one, or an extra one credited with it)', guard: (s, e) => tracked(s, e) || e.credited === true, to: 'FAILED', also: step.depositVanished }),
  row({ from: OPEN_WITH_DEPOSIT, on: 'DepositReverted', when: 'otherwise kept: the transaction may be mined again', to: 'same' }),

  // POST /swap/emergency (section 4.6; rule 3).
  row({ from: ['FAILED'], on: 'DecisionMade', when: 'under manual review', to: reject('UNDER_MANUAL_REVIEW') }),
  row({ from: ['EXPIRED'], on: 'DecisionMade', when: 'REFUND with an address, for a late deposit waiting to go back', guard: (s, e) => choiceIs('REFUND')(s, e) && returnWaiting(s) && s.refundAddress === null && e.address !== undefined, to: 'same', also: later.refundAddressForReturns }),
  row({ from: ['EXPIRED'], on: 'DecisionMade', when: 'REFUND without an address, for a late deposit waiting to go back', guard: (s, e) => choiceIs('REFUND')(s, e) && returnWaiting(s) && noRefundAddress(s, e), to: reject('REFUND_ADDRESS_REQUIRED') }),
  row({ from: ['RATE_CHANGED'], on: 'DecisionMade', when: 'EXCHANGE, but the payout is larger than the service holds', guard: exchangeExceedsLiquidity, to: 'REFUNDING', also: step.refundForLackOfLiquidity }),
  row({ from: ['RATE_CHANGED'], on: 'DecisionMade', when: 'EXCHANGE', guard: choiceIs('EXCHANGE'), to: 'EXCHANGING', also: step.exchangeAtProposedRate }),
  row({ from: ['RATE_CHANGED', 'REFUNDING'], on: 'DecisionMade', when: 'REFUND with an address other than the one set', guard: (s, e) => choiceIs('REFUND')(s, e) && changesRefundAddress(s, e), to: reject('REFUND_ADDRESS_ALREADY_SET') }),
  row({ from: ['RATE_CHANGED'], on: 'DecisionMade', when: 'REFUND without any address', guard: (s, e) => choiceIs('REFUND')(s, e) && noRefundAddress(s, e), to: reject('REFUND_ADDRESS_REQUIRED') }),
  row({ from: ['RATE_CHANGED'], on: 'DecisionMade', when: 'REFUND, address present or given', guard: choiceIs('REFUND'), to: 'REFUNDING', also: step.refundChosen }),
  row({ from: ['REFUNDING'], on: 'DecisionMade', when: 'REFUND without an address while needsRefundAddress', guard: (s, e) => choiceIs('REFUND')(s, e) && s.issue.needsRefundAddress && noRefundAddress(s, e), to: reject('REFUND_ADDRESS_REQUIRED') }),
  row({ from: ['REFUNDING'], on: 'DecisionMade', when: 'REFUND with address while needsRefundAddress', guard: (s, e) => choiceIs('REFUND')(s, e) && s.issue.needsRefundAddress, to: 'REFUNDING', also: step.refundChosen }),
  row({ from: ANY, on: 'DecisionMade', when: 'EXCHANGE outside RATE_CHANGED', guard: choiceIs('EXCHANGE'), to: reject('EXCHANGE_NOT_ALLOWED') }),
  row({ from: ANY, on: 'DecisionMade', when: 'REFUND outside RATE_CHANGED or REFUNDING without an address', to: reject('REFUND_NOT_ALLOWED') }),

  // Payout.
  row({ from: ['EXCHANGING'], on: 'PayoutBroadcast', when: 'payout initiated', to: 'SENDING', also: step.recordPayout }),
  row({ from: ['SENDING'], on: 'PayoutBroadcast', when: 'the same payout again', guard: (s, e) => s.payoutTx?.id === e.tx, to: 'same' }),
  row({ from: ['SENDING'], on: 'PayoutBroadcast', when: 'the payout signed again, its transaction expired unlanded (Tron, Solana)', guard: (s) => !ownPayoutLanded(s), to: 'same', also: step.recordPayout }),
  row({ from: ['FAILED'], on: 'PayoutBroadcast', when: 'payout under way when the deposit vanished', guard: payoutUnderWay, to: 'same', also: step.recordPayout }),
  row({ from: ['SENDING'], on: 'PayoutConfirmed', when: 'confirmations of the landed payout counted while a further payout is under way', guard: (s, e) => ownPayoutLanded(s) && s.payoutTx?.id === e.tx, to: 'same', also: step.countPayoutConfirmations }),
  row({ from: ['EXCHANGING', 'SENDING'], on: 'PayoutConfirmed', when: 'payout lands while a further payout is under way', guard: (s) => !ownPayoutLanded(s) && furtherPayoutOutstanding(s), to: 'SENDING', also: step.ownPayoutLanded }),
  row({ from: ['EXCHANGING', 'SENDING'], on: 'PayoutConfirmed', when: 'payout lands', guard: (s) => !ownPayoutLanded(s), to: 'DONE', also: step.payoutLanded }),
  row({ from: ['DONE'], on: 'PayoutConfirmed', when: 'to.tx.confirmations refreshed up to the coin\'s threshold', guard: (s, e) => s.payoutTx?.id === e.tx, to: 'same', also: step.countPayoutConfirmations }),
  row({ from: ['FAILED'], on: 'PayoutConfirmed', when: 'payout under way when the deposit vanished lands', guard: payoutUnderWay, to: 'DONE', also: step.payoutLanded }),
  row({ from: ['EXCHANGING', 'SENDING'], on: 'PayoutFailed', when: 'payout cannot be completed', to: 'FAILED', also: step.payoutFailed }),
  row({ from: ['FAILED'], on: 'PayoutFailed', when: 'payout under way when the deposit vanished fails (the deposit stays the reason: no retry)', guard: payoutUnderWay, to: 'FAILED', also: step.payoutFailedAfterRevert }),

  // Further payouts: a later deposit paid on its own; the swap is DONE when its last payout lands.
  row({ from: ANY, on: 'FurtherPayoutBroadcast', when: 'a further payout initiated (or signed again)', guard: hasFurtherPayout, to: 'same', also: later.furtherPayoutSent }),
  row({ from: ['SENDING'], on: 'FurtherPayoutConfirmed', when: 'the last payout lands', guard: endsLastPayout, to: 'DONE', also: later.finish(later.furtherPayoutLanded) }),
  row({ from: ANY, on: 'FurtherPayoutConfirmed', when: 'a further payout lands, or its confirmations are counted', guard: hasFurtherPayout, to: 'same', also: later.furtherPayoutLanded }),
  row({ from: ['SENDING'], on: 'FurtherPayoutFailed', when: 'the last payout fails: its deposit goes back', guard: endsLastPayout, to: 'DONE', also: later.finish(later.furtherPayoutFailed) }),
  row({ from: ANY, on: 'FurtherPayoutFailed', when: 'a further payout fails: its deposit goes back', guard: hasFurtherPayout, to: 'same', also: later.furtherPayoutFailed }),

  // Returns of deposits the swap did not take; the swap's own status does not change.
  row({ from: ANY, on: 'ReturnProgressed', when: 'a return sent, confirmed or failed', guard: (s, e) => returnOf(s, e.returnId) !== undefined, to: 'same', also: later.returnProgressed }),
  row({ from: AWAITING_CREDIT, on: 'OperatorReturnDeposit', when: 'the deposit is credited with the first', to: reject('RETURN_NOT_POSSIBLE') }),
  row({ from: ANY, on: 'OperatorReturnDeposit', when: 'the swap took the deposit, or a return of it is under way or done', guard: returnBlocked, to: reject('RETURN_NOT_POSSIBLE') }),
  row({ from: ANY, on: 'OperatorReturnDeposit', when: 'no address given and none set', guard: noRefundAddress, to: reject('REFUND_ADDRESS_REQUIRED') }),
  row({ from: ANY, on: 'OperatorReturnDeposit', when: 'sent back, less the refund fee', to: 'same', also: later.returnByOperator }),

  // Refund.
  row({ from: ['REFUNDING'], on: 'RefundSent', when: 'refund sent', guard: refundRequested, to: 'REFUNDED', also: step.refundLanded }),
  row({ from: ['REFUNDED'], on: 'RefundSent', when: 'refund.tx confirmations refreshed up to the coin\'s threshold', guard: (s, e) => s.refundTx?.id === e.tx, to: 'same', also: step.countRefundConfirmations }),
  row({ from: ['REFUNDED'], on: 'RefundSent', when: 'the refund signed again, its transaction expired unlanded (Tron, Solana)', to: 'same', also: step.refundReplaced }),
  row({ from: ['FAILED'], on: 'RefundSent', when: 'refund under way when the deposit vanished is sent', guard: refundUnderWay, to: 'REFUNDED', also: step.refundLanded }),
  row({ from: ['REFUNDING'], on: 'RefundFailed', when: 'refund cannot be completed', guard: refundRequested, to: 'FAILED', also: step.refundFailed }),
  row({ from: ['FAILED'], on: 'RefundFailed', when: 'refund under way when the deposit vanished fails (the deposit stays the reason)', guard: refundUnderWay, to: 'FAILED', also: step.refundFailedAfterRevert }),

  // Resolved by operators (D4, swapctl).
  row({ from: ['FAILED'], on: 'OperatorRetryPayout', when: 'the payout failed', guard: (s) => failureCause(s) === 'PAYOUT_FAILED' && !refundRequested(s), to: 'EXCHANGING', also: step.retryPayout }),
  row({ from: ['FAILED'], on: 'OperatorRefund', when: 'a payout or refund is still under way', guard: (s) => payoutUnderWay(s) || refundUnderWay(s), to: reject('INVALID_EVENT') }),
  row({ from: ['FAILED'], on: 'OperatorRefund', when: 'no refund address set or given', guard: noRefundAddress, to: reject('REFUND_ADDRESS_REQUIRED') }),
  row({ from: ['FAILED'], on: 'OperatorRefund', when: 'refund', to: 'REFUNDING', also: step.refundByOperator }),
];

/** The first row that takes `event` for `swap`, if any. */
export function findTransition(swap: Swap, event: EventOf<SwapEventKind>): AnyTransition | undefined {
  return SWAP_TRANSITIONS.find((t) => {
    if (t.on !== event.kind || !t.from.includes(swap.status)) return false;
    const swaps = t.swaps ?? 'real';
    if (swaps !== 'any' && (swaps === 'dryrun') !== swap.dryrun) return false;
    return !t.guard || (t.guard as (s: Swap, e: typeof event) => boolean)(swap, event);
  });
}
