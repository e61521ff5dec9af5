/**
 * Every transition of section 3 of the interface document, in one table. Rows are tried in order;
 * the first whose status, event, kind of swap and condition match decides. An event no row takes
 * is refused with INVALID_EVENT. `to: 'same'` keeps the status (duplicates and recorded facts).
 */
import { SWAP_STATUSES, Swap, SwapStatus } from '../swap';
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
const AWAITING_CREDIT: readonly SwapStatus[] = ['NEW', 'PENDING', 'CONFIRMING'];
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
  row({ from: OPEN_WITH_DEPOSIT, on: 'DepositCredited', when: 'the same deposit again, or a further one (kept in the engine\'s deposit log, never paid automatically)', to: 'same' }),

  // Chain reorganisations (D4).
  row({ from: UNCREDITED, on: 'DepositReverted', when: 'the uncredited deposit vanishes, no other deposit, window still open', guard: (s, e) => tracked(s, e) && s.amountDeposited === 0n && windowStillOpen(s, e.now), to: 'NEW', also: step.forgetDeposit }),
  row({ from: CREDITED, on: 'DepositReverted', when: 'a credited deposit vanishes (the tracked one, or an extra one credited with it)', guard: (s, e) => tracked(s, e) || e.credited === true, to: 'FAILED', also: step.depositVanished }),
  row({ from: OPEN_WITH_DEPOSIT, on: 'DepositReverted', when: 'otherwise kept: the transaction may be mined again', to: 'same' }),

  // POST /swap/emergency (section 4.6; rule 3).
  row({ from: ['FAILED'], on: 'DecisionMade', when: 'under manual review', to: reject('UNDER_MANUAL_REVIEW') }),
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
  row({ from: ['SENDING'], on: 'PayoutBroadcast', when: 'the payout signed again, its transaction expired unlanded (Tron, Solana)', to: 'same', also: step.recordPayout }),
  row({ from: ['FAILED'], on: 'PayoutBroadcast', when: 'payout under way when the deposit vanished', guard: payoutUnderWay, to: 'same', also: step.recordPayout }),
  row({ from: ['EXCHANGING', 'SENDING'], on: 'PayoutConfirmed', when: 'payout lands', to: 'DONE', also: step.payoutLanded }),
  row({ from: ['DONE'], on: 'PayoutConfirmed', when: 'to.tx.confirmations refreshed up to the coin\'s threshold', guard: (s, e) => s.payoutTx?.id === e.tx, to: 'same', also: step.countPayoutConfirmations }),
  row({ from: ['FAILED'], on: 'PayoutConfirmed', when: 'payout under way when the deposit vanished lands', guard: payoutUnderWay, to: 'DONE', also: step.payoutLanded }),
  row({ from: ['EXCHANGING', 'SENDING'], on: 'PayoutFailed', when: 'payout cannot be completed', to: 'FAILED', also: step.payoutFailed }),
  row({ from: ['FAILED'], on: 'PayoutFailed', when: 'payout under way when the deposit vanished fails (the deposit stays the reason: no retry)', guard: payoutUnderWay, to: 'FAILED', also: step.payoutFailedAfterRevert }),

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
