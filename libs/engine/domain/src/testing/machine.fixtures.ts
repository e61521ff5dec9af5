/** Swaps in every state, reached through the machine itself; for the specs of lib/machine/. */
import { CreditingMarket, Swap } from '@swap/domain';
import {
  DEPOSIT_TX,
  FURTHER_TX,
  LATER_DEPOSIT,
  newFixedSwap,
  newSwap,
  PAYOUT_TX,
  REFUND_ADDRESS,
  REFUND_TX,
  RETURN_TX,
  T0,
} from '@swap/domain/testing';
import { EventBuilder } from '../lib/machine/inputs/report-events';
import { SwapEvent } from '../lib/machine/machine.types';
import { transition } from '../lib/machine/swap.machine';

// The starting points and the constants are plain data, shared with the specs of the order view.
export {
  DEPOSIT_TX,
  FURTHER_TX,
  LATER_DEPOSIT,
  LATER_TX,
  newDryRun,
  newFixedSwap,
  newSwap,
  OTHER_ADDRESS,
  PAYOUT_TX,
  REFUND_ADDRESS,
  REFUND_TX,
  RETURN_TX,
  T0,
} from '@swap/domain/testing';

export const market = (overrides: Partial<CreditingMarket> = {}): CreditingMarket => ({
  rate: '15.5',
  payoutAvailable: null,
  pairMin: 100_000n,
  ...overrides,
});

export const ev = {
  seen: (amount = 1_000_000n, tx = DEPOSIT_TX, now = T0 + 60): SwapEvent => ({
    kind: 'DepositSeen',
    now,
    tx,
    amount,
  }),
  confirmations: (confirmations: number, txid = DEPOSIT_TX, now = T0 + 600): SwapEvent => ({
    kind: 'DepositConfirmations',
    now,
    txid,
    confirmations,
  }),
  credited: (
    amount = 1_000_000n,
    m: Partial<CreditingMarket> = {},
    txid = DEPOSIT_TX,
    now = T0 + 1200,
  ): SwapEvent => ({
    kind: 'DepositCredited',
    now,
    txid,
    amount,
    market: market(m),
  }),
  reverted: (txid = DEPOSIT_TX, now = T0 + 1300): SwapEvent => ({ kind: 'DepositReverted', now, txid }),
  decide: (
    choice: 'EXCHANGE' | 'REFUND',
    address?: string,
    m: { rate?: string; payoutAvailable?: bigint | null } = {},
    now = T0 + 1500,
  ): SwapEvent => ({
    kind: 'DecisionMade',
    now,
    choice,
    ...(address === undefined ? {} : { address }),
    market: { rate: m.rate ?? '15.5', payoutAvailable: m.payoutAvailable ?? null },
  }),
  broadcast: (tx = PAYOUT_TX, now = T0 + 1400): SwapEvent => ({ kind: 'PayoutBroadcast', now, tx }),
  landed: (tx = PAYOUT_TX, now = T0 + 1800): SwapEvent => ({ kind: 'PayoutConfirmed', now, tx }),
  payoutFailed: (reason = 'the network rejected the transaction', now = T0 + 1800): SwapEvent => ({
    kind: 'PayoutFailed',
    now,
    reason,
  }),
  refundSent: (tx = REFUND_TX, now = T0 + 1900): SwapEvent => ({ kind: 'RefundSent', now, tx }),
  refundFailed: (reason = 'the refund transaction was rejected', now = T0 + 1900): SwapEvent => ({
    kind: 'RefundFailed',
    now,
    reason,
  }),
  windowEnded: (now = T0 + 3600): SwapEvent => ({ kind: 'PaymentWindowEnded', now }),
  advance: (now = T0 + 100): SwapEvent => ({ kind: 'DryRunAdvanced', now }),
  retryPayout: (now = T0 + 5000): SwapEvent => ({ kind: 'OperatorRetryPayout', now }),
  operatorRefund: (address?: string, now = T0 + 5000): SwapEvent => ({
    kind: 'OperatorRefund',
    now,
    ...(address === undefined ? {} : { address }),
  }),
  /** A further deposit of 0.005 BTC confirmed after the swap's own credit. */
  later: (
    amount = 500_000n,
    m: Partial<CreditingMarket> | null = {},
    deposit = LATER_DEPOSIT,
    now = T0 + 1600,
  ): SwapEvent => ({
    kind: 'LaterDepositCredited',
    now,
    deposit,
    txid: deposit.split(':')[1],
    amount,
    market: m === null ? null : market(m),
  }),
  furtherBroadcast: (tx = FURTHER_TX, deposit = LATER_DEPOSIT, now = T0 + 1700): SwapEvent => ({
    kind: 'FurtherPayoutBroadcast',
    now,
    deposit,
    tx,
  }),
  furtherLanded: (
    tx = FURTHER_TX,
    deposit = LATER_DEPOSIT,
    now = T0 + 2100,
    confirmations = 1,
  ): SwapEvent => ({
    kind: 'FurtherPayoutConfirmed',
    now,
    deposit,
    tx,
    confirmations,
  }),
  furtherFailed: (
    reason = 'the network rejected it',
    deposit = LATER_DEPOSIT,
    now = T0 + 2100,
  ): SwapEvent => ({
    kind: 'FurtherPayoutFailed',
    now,
    deposit,
    reason,
  }),
  returned: (
    returnId: string,
    state: 'sent' | 'confirmed' | 'failed' = 'sent',
    tx: string | null = RETURN_TX,
    now = T0 + 2200,
  ): SwapEvent => ({
    kind: 'ReturnProgressed',
    now,
    returnId,
    state,
    tx,
    confirmations: state === 'confirmed' ? 1 : 0,
    ...(state === 'failed' ? { reason: 'double spend' } : {}),
  }),
  operatorReturn: (
    address?: string,
    amount = 500_000n,
    deposit = LATER_DEPOSIT,
    now = T0 + 5000,
  ): SwapEvent => ({
    kind: 'OperatorReturnDeposit',
    now,
    deposit,
    txid: deposit.split(':')[1],
    amount,
    ...(address === undefined ? {} : { address }),
  }),
};

/** Applies events that must all be accepted. */
export function walk(swap: Swap, ...events: SwapEvent[]): Swap {
  return events.reduce((current, event) => {
    const result = transition(current, event);
    if (!result.ok) throw new Error(`${event.kind} refused in ${current.status}: ${result.rejection.reason}`);
    return result.swap;
  }, swap);
}

/**
 * Applies a report's events as the engine does: each built from the swap the previous one left,
 * skipped when null, stopping at the first refusal. `kinds` are the events applied.
 */
export function applyReport(swap: Swap, events: readonly EventBuilder[]) {
  const kinds: SwapEvent['kind'][] = [];
  let current = swap;
  for (const build of events) {
    const event = build(current);
    if (event === null) continue;
    const result = transition(current, event);
    if (!result.ok) return { swap: current, kinds, refused: result.rejection.reason };
    kinds.push(event.kind);
    current = result.swap;
  }
  return { swap: current, kinds, refused: null };
}

/** Real swaps in each state. */
export const states = {
  pending: (base = newSwap()) => walk(base, ev.seen()),
  confirming: (base = newSwap()) => walk(base, ev.seen(), ev.confirmations(1)),
  exchanging: (base = newSwap()) => walk(states.confirming(base), ev.credited()),
  sending: (base = newSwap()) => walk(states.exchanging(base), ev.broadcast()),
  done: (base = newSwap()) => walk(states.sending(base), ev.landed()),
  expired: () => walk(newSwap(), ev.windowEnded()),
  /** Fixed order, 10 % short. */
  rateChanged: (overrides: Partial<Swap> = {}) =>
    walk(states.confirming(newFixedSwap(overrides)), ev.credited(900_000n)),
  /** Below the pair minimum; refund requested when an address is known. */
  refunding: (refundAddress: string | null = REFUND_ADDRESS) =>
    walk(states.confirming(newSwap({ refundAddress })), ev.credited(50_000n)),
  refunded: () => walk(states.refunding(), ev.refundSent()),
  failedPayout: () => walk(states.sending(), ev.payoutFailed()),
  failedRefund: () => walk(states.refunding(), ev.refundFailed()),
  /** The credited deposit vanished while the payout was being sent. */
  failedPayoutUnderWay: () => walk(states.sending(), ev.reverted()),
  failedRefundUnderWay: () => walk(states.refunding(), ev.reverted()),
  /** The credited deposit vanished while the user had to decide. */
  failedReverted: (overrides: Partial<Swap> = {}) => walk(states.rateChanged(overrides), ev.reverted()),
  /** SENDING, with a further deposit of 0.005 BTC paid out on its own and not yet sent. */
  sendingWithFurther: (base = newSwap()) => walk(states.sending(base), ev.later()),
  /** The swap's own payout landed; the further one is still under way. */
  landedWithFurther: (base = newSwap()) =>
    walk(states.sendingWithFurther(base), ev.furtherBroadcast(), ev.landed()),
  /** DONE, then a further deposit that waits to go back (no refund address). */
  doneWithWaitingReturn: () => walk(states.done(newSwap({ refundAddress: null })), ev.later()),
  expiredWithWaitingReturn: () => walk(walk(newSwap({ refundAddress: null }), ev.windowEnded()), ev.later()),
  /** DONE, then a further deposit going back to the refund address. */
  doneWithReturn: () => walk(states.done(), ev.later()),
};
