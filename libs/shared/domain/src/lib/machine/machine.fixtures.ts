/** Swaps in every state, reached through the machine itself; for the specs of machine/ and view/. */
import { Swap } from '../swap';
import { EventBuilder } from './inputs/report-events';
import { CreditingMarket, SwapEvent } from './machine.types';
import { transition } from './swap.machine';

export const T0 = 1_700_000_000;
export const DEPOSIT_TX = 'd'.repeat(64);
export const PAYOUT_TX = 'e'.repeat(64);
export const REFUND_TX = 'f'.repeat(64);
export const REFUND_ADDRESS = 'bc1qrefundaddressxxxxxxxxxxxxxxxxxxxxxxxx';
export const OTHER_ADDRESS = 'bc1qotheraddressxxxxxxxxxxxxxxxxxxxxxxxxx';

/** 0.01 BTC → ETH at 15.5 with the float fee of 0.25 %: 0.1546125 ETH out, 0.0003875 ETH fee. */
export function newSwap(overrides: Partial<Swap> = {}): Swap {
  return {
    id: 'Ab3dEf7hJk',
    token: 'tok0123456789abcdefXYZ',
    apiKey: 'key-1',
    dryrun: false,
    type: 'float',
    direction: 'from',
    status: 'NEW',
    from: 'BTC',
    to: 'ETH',
    amountFrom: 1_000_000n,
    amountTo: 154_612_500_000_000_000n,
    amountDeposited: 0n,
    rate: '15.5',
    rateActual: null,
    feePercent: '0.25',
    partnerPercent: '0',
    feeAmount: 387_500_000_000_000n,
    slippage: null,
    depositAddress: 'bc1qdepositaddressxxxxxxxxxxxxxxxxxxxxxxx',
    depositIndex: 1,
    toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    refundAddress: REFUND_ADDRESS,
    depositTx: null,
    payoutTx: null,
    refundTx: null,
    issue: { type: null, reason: null, needsRefundAddress: false, choice: 'NONE' },
    proposed: null,
    autoExecuteOnMismatch: false,
    later: [],
    returns: [],
    time: { reg: T0, start: null, finish: null, update: T0, expiration: T0 + 3600 },
    version: 1,
    ...overrides,
  };
}

/** A fixed-rate order for the same amounts, with the fixed fee of 0.5 %. */
export const newFixedSwap = (overrides: Partial<Swap> = {}): Swap =>
  newSwap({
    type: 'fixed',
    feePercent: '0.5',
    amountTo: 154_225_000_000_000_000n,
    feeAmount: 775_000_000_000_000n,
    ...overrides,
  });

export const newDryRun = (overrides: Partial<Swap> = {}): Swap =>
  newSwap({ id: 'DRab12cd34', dryrun: true, ...overrides });

export const market = (overrides: Partial<CreditingMarket> = {}): CreditingMarket => ({
  rate: '15.5',
  payoutAvailable: null,
  pairMin: 100_000n,
  ...overrides,
});

export const LATER_TX = '7'.repeat(64);
export const LATER_DEPOSIT = `BTC:${LATER_TX}:0`;
export const FURTHER_TX = '8'.repeat(64);
export const RETURN_TX = '9'.repeat(64);

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
