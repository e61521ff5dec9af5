import { CURRENCIES, outputForDeposit, Swap, SwapStatus } from '@swap/domain';
import { EventOf, MachineRejectionReason, SwapEffect, SwapEvent, TransitionResult } from './machine.types';
import {
  DEPOSIT_TX,
  ev,
  FURTHER_TX,
  LATER_DEPOSIT,
  LATER_TX,
  RETURN_TX,
  newDryRun,
  newFixedSwap,
  newSwap,
  OTHER_ADDRESS,
  PAYOUT_TX,
  REFUND_ADDRESS,
  REFUND_TX,
  states,
  T0,
  walk,
} from '../../testing/machine.fixtures';
import { transition } from './swap.machine';
import { findTransition, SWAP_TRANSITIONS } from './swap.transitions';

type Expected = SwapStatus | 'same' | { reject: MachineRejectionReason };
type Accepted = Extract<TransitionResult, { ok: true }>;

interface Case {
  name: string;
  swap: () => Swap;
  event: SwapEvent;
  expect: Expected;
  /** The effects, in order; [] when omitted. */
  effects?: SwapEffect[];
  check?: (after: Swap, before: Swap, result: Accepted) => void;
}

const dry = (steps: number): Swap => walk(newDryRun(), ...Array.from({ length: steps }, () => ev.advance()));
const payout = (amount: bigint, payoutId?: string): SwapEffect => ({
  kind: 'RequestPayout',
  amount,
  address: newSwap().toAddress,
  ...(payoutId === undefined ? {} : { payoutId }),
});
const refund = (amount: bigint, address = REFUND_ADDRESS): SwapEffect => ({
  kind: 'RequestRefund',
  amount,
  address,
});

const ID = newSwap().id;
/** 0.005 BTC at 15.5 less the 0.25 % float fee. */
const LATER_OUT = outputForDeposit(500_000n, 'BTC', 'ETH', '15.5', '0.25');
const returnOf = (address = REFUND_ADDRESS, n = 1, deposited = 500_000n, amount = 495_000n): SwapEffect => ({
  kind: 'RequestReturn',
  id: `${ID}-return-${n}`,
  deposit: LATER_DEPOSIT,
  deposited,
  amount,
  address,
});
/** A credit of `amount` naming deposit tx `b…b` among the transactions `txids` it adds up. */
const creditedOf = (txids: string[], amount: bigint): SwapEvent => ({
  ...(ev.credited(amount, {}, 'b'.repeat(64)) as EventOf<'DepositCredited'>),
  txids,
});
const fixedSending = () => walk(states.confirming(newFixedSwap()), ev.credited(1_000_000n), ev.broadcast());

const cases: Case[] = [
  // Dry-run (rules 4, 5).
  {
    name: 'dry-run NEW → PENDING with a fake deposit',
    swap: () => dry(0),
    event: ev.advance(),
    expect: 'PENDING',
    check: (s) => {
      expect(s.depositTx).toMatchObject({ confirmations: 0, amount: s.amountFrom });
      expect(s.depositTx?.id).toMatch(/^[0-9a-f]{64}$/);
      expect(s.time.start).toBe(T0 + 100);
    },
  },
  {
    name: 'dry-run PENDING → CONFIRMING',
    swap: () => dry(1),
    event: ev.advance(),
    expect: 'CONFIRMING',
    check: (s) => expect(s.depositTx?.confirmations).toBe(1),
  },
  {
    name: 'dry-run CONFIRMING → EXCHANGING',
    swap: () => dry(2),
    event: ev.advance(),
    expect: 'EXCHANGING',
    check: (s) => {
      expect(s.depositTx?.confirmations).toBe(1);
      expect(s.amountDeposited).toBe(s.amountFrom);
      expect(s.slippage).toBe('0');
    },
  },
  { name: 'dry-run EXCHANGING → SENDING', swap: () => dry(3), event: ev.advance(), expect: 'SENDING' },
  {
    name: 'dry-run SENDING → DONE',
    swap: () => dry(4),
    event: ev.advance(),
    expect: 'DONE',
    check: (s) => {
      expect(s.payoutTx?.id).toMatch(/^[0-9a-f]{64}$/);
      expect(s.rateActual).toBe('15.5');
      expect(s.time.finish).toBe(T0 + 100);
    },
  },
  {
    name: 'dry-run DONE refuses advance',
    swap: () => dry(5),
    event: ev.advance(),
    expect: { reject: 'DRYRUN_DONE' },
  },
  {
    name: 'advance on a real NEW swap',
    swap: () => newSwap(),
    event: ev.advance(),
    expect: { reject: 'NOT_DRYRUN' },
  },
  {
    name: 'advance on a real DONE swap',
    swap: () => states.done(),
    event: ev.advance(),
    expect: { reject: 'NOT_DRYRUN' },
  },
  {
    name: 'decision on a dry-run',
    swap: () => dry(2),
    event: ev.decide('REFUND', REFUND_ADDRESS),
    expect: { reject: 'DRYRUN_NO_DECISION' },
  },
  {
    name: 'decision on a finished dry-run',
    swap: () => dry(5),
    event: ev.decide('EXCHANGE'),
    expect: { reject: 'DRYRUN_NO_DECISION' },
  },
  {
    name: 'dry-run never expires',
    swap: () => dry(0),
    event: ev.windowEnded(),
    expect: { reject: 'INVALID_EVENT' },
  },
  {
    name: 'dry-run takes no chain event',
    swap: () => dry(0),
    event: ev.seen(),
    expect: { reject: 'INVALID_EVENT' },
  },

  // Payment window.
  {
    name: 'NEW → EXPIRED when the window ends',
    swap: () => newSwap(),
    event: ev.windowEnded(),
    expect: 'EXPIRED',
  },
  {
    name: 'window end reported early',
    swap: () => newSwap(),
    event: ev.windowEnded(T0 + 3599),
    expect: { reject: 'INVALID_EVENT' },
  },
  {
    name: 'window end after a deposit',
    swap: () => states.pending(),
    event: ev.windowEnded(),
    expect: { reject: 'INVALID_EVENT' },
  },

  // Deposit detected and confirming.
  {
    name: 'NEW → PENDING on a deposit',
    swap: () => newSwap(),
    event: ev.seen(),
    expect: 'PENDING',
    effects: [{ kind: 'CancelExpiryTimer' }],
    check: (s) => {
      expect(s.depositTx).toMatchObject({
        id: DEPOSIT_TX,
        amount: 1_000_000n,
        confirmations: 0,
        timeReg: T0 + 60,
      });
      expect(s.time.start).toBe(T0 + 60);
      expect(s.time.update).toBe(T0 + 60);
    },
  },
  {
    name: 'a further deposit while PENDING is recorded',
    swap: () => states.pending(),
    event: ev.seen(5n, 'a'.repeat(64)),
    expect: 'same',
    check: (s, before, r) => {
      expect(r.changed).toBe(false);
      expect(s).toEqual(before);
    },
  },
  {
    name: 'the same deposit seen twice while EXCHANGING',
    swap: () => states.exchanging(),
    event: ev.seen(),
    expect: 'same',
  },
  {
    name: 'PENDING → CONFIRMING at the first confirmation',
    swap: () => states.pending(),
    event: ev.confirmations(1),
    expect: 'CONFIRMING',
    check: (s) => expect(s.depositTx?.confirmations).toBe(1),
  },
  {
    name: 'confirmations only count while CONFIRMING',
    swap: () => states.confirming(),
    event: ev.confirmations(2),
    expect: 'same',
    check: (s, _b, r) => {
      expect(s.depositTx?.confirmations).toBe(2);
      expect(r.changed).toBe(true);
    },
  },
  {
    name: 'PENDING stays PENDING at 0 confirmations',
    swap: () => states.pending(),
    event: ev.confirmations(0),
    expect: 'same',
  },
  {
    name: 'counts of another deposit are ignored',
    swap: () => states.confirming(),
    event: ev.confirmations(3, 'a'.repeat(64)),
    expect: 'same',
    check: (s, before) => expect(s).toEqual(before),
  },
  {
    name: 'counts after crediting are ignored',
    swap: () => states.exchanging(),
    event: ev.confirmations(3),
    expect: 'same',
  },
  {
    name: 'confirmations on NEW',
    swap: () => newSwap(),
    event: ev.confirmations(1),
    expect: { reject: 'INVALID_EVENT' },
  },

  // Deposit crediting.
  {
    name: 'below the pair minimum, refund address known → REFUNDING and refund',
    swap: () => states.confirming(),
    event: ev.credited(50_000n),
    expect: 'REFUNDING',
    effects: [refund(49_500n)],
    check: (s) => {
      // The refund is decided and under way (issue.choice REFUND), though nobody had to choose it.
      expect(s.issue).toMatchObject({ type: 'BELOW_MINIMUM', needsRefundAddress: false, choice: 'REFUND' });
      expect(s.issue.reason).toContain('0.00100000 BTC');
      expect(s.amountDeposited).toBe(50_000n);
      expect(s.slippage).toBeNull();
    },
  },
  {
    name: 'below the pair minimum without refund address waits for one',
    swap: () => states.confirming(newSwap({ refundAddress: null })),
    event: ev.credited(50_000n),
    expect: 'REFUNDING',
    check: (s) => expect(s.issue).toMatchObject({ type: 'BELOW_MINIMUM', needsRefundAddress: true }),
  },
  {
    name: 'below the minimum applies to fixed-rate swaps too',
    swap: () => states.confirming(newFixedSwap()),
    event: ev.credited(1_000_000n, { pairMin: 2_000_000n }),
    expect: 'REFUNDING',
    effects: [refund(990_000n)],
  },
  {
    name: 'fixed deposit 10 % short → RATE_CHANGED LESS with a re-quote',
    swap: () => states.confirming(newFixedSwap()),
    event: ev.credited(900_000n, { rate: '15' }),
    expect: 'RATE_CHANGED',
    check: (s) => {
      expect(s.issue).toMatchObject({ type: 'LESS', choice: 'NONE', needsRefundAddress: false });
      // 0.009 BTC × 15 = 0.135 ETH, minus 0.5 % = 0.134325 ETH
      expect(s.proposed).toEqual({ rate: '15', amount: 134_325_000_000_000_000n });
      expect(s.amountTo).toBe(newFixedSwap().amountTo);
      expect(s.amountDeposited).toBe(900_000n);
    },
  },
  {
    name: 'fixed deposit 1 % over → RATE_CHANGED MORE',
    swap: () => states.confirming(newFixedSwap()),
    event: ev.credited(1_010_000n),
    expect: 'RATE_CHANGED',
    check: (s) => expect(s.issue.type).toBe('MORE'),
  },
  {
    name: 'payout above liquidity → REFUNDING NO_LIQUIDITY',
    swap: () => states.confirming(),
    event: ev.credited(1_000_000n, { payoutAvailable: 10n ** 17n }),
    expect: 'REFUNDING',
    effects: [refund(990_000n)],
    check: (s) =>
      expect(s.issue).toMatchObject({ type: 'NO_LIQUIDITY', needsRefundAddress: false, choice: 'REFUND' }),
  },
  {
    name: 'float credited at the current rate → EXCHANGING and payout',
    swap: () => states.confirming(),
    event: ev.credited(1_000_000n, { rate: '16' }),
    expect: 'EXCHANGING',
    effects: [payout(159_600_000_000_000_000n)],
    check: (s) => {
      expect(s.amountTo).toBe(159_600_000_000_000_000n);
      expect(s.feeAmount).toBe(400_000_000_000_000n);
      expect(s.slippage).toBe('3.22580645');
      expect(s.rateActual).toBe('16');
      expect(s.depositTx).toMatchObject({ confirmations: 1, timeBlock: T0 + 1200 });
    },
  },
  {
    name: 'float: whatever amount arrives is converted (rule 1)',
    swap: () => states.confirming(),
    event: ev.credited(2_000_000n),
    expect: 'EXCHANGING',
    effects: [payout(309_225_000_000_000_000n)],
    check: (s) => expect(s.slippage).toBe('0'),
  },
  {
    name: 'fixed within 0.5 % is honoured as quoted',
    swap: () => states.confirming(newFixedSwap()),
    event: ev.credited(995_000n, { rate: '14' }),
    expect: 'EXCHANGING',
    effects: [payout(154_225_000_000_000_000n)],
    check: (s) => {
      expect(s.slippage).toBe('0');
      expect(s.rateActual).toBe('15.5');
    },
  },
  {
    name: 'fixed mismatch with auto_execute_on_mismatch executes at the current rate',
    swap: () => states.confirming(newFixedSwap({ autoExecuteOnMismatch: true })),
    event: ev.credited(900_000n, { rate: '15' }),
    expect: 'EXCHANGING',
    effects: [payout(134_325_000_000_000_000n)],
    check: (s) => {
      expect(s.slippage).toBe('-3.22580645');
      expect(s.issue.type).toBeNull();
    },
  },
  {
    name: 'a credited deposit whose 0-conf sighting was missed',
    swap: () => newSwap(),
    event: ev.credited(),
    expect: 'EXCHANGING',
    effects: [{ kind: 'CancelExpiryTimer' }, payout(154_612_500_000_000_000n)],
    check: (s) => expect(s.time.start).toBe(T0 + 1200),
  },
  {
    name: 'a further deposit credited after crediting is recorded, never paid',
    swap: () => states.exchanging(),
    event: ev.credited(1_000_000n, {}, 'a'.repeat(64)),
    expect: 'same',
    check: (s, before) => expect(s).toEqual(before),
  },
  {
    name: 'another deposit credited before the tracked one',
    swap: () => states.confirming(),
    event: ev.credited(1_000_000n, {}, 'a'.repeat(64)),
    expect: 'same',
  },
  {
    name: 'a replacement credited while the tracked deposit, replaced by a fee bump, is not reported gone yet',
    swap: () => states.confirming(),
    event: creditedOf(['b'.repeat(64)], 1_000_000n),
    expect: 'EXCHANGING',
    effects: [payout(154_612_500_000_000_000n)],
    check: (s, before) => {
      expect(s.depositTx).toMatchObject({ id: 'b'.repeat(64), amount: 1_000_000n, confirmations: 1 });
      expect(s.time.start).toBe(before.time.start);
    },
  },
  {
    name: 'a credit naming another deposit while the tracked one is among those credited',
    swap: () => states.confirming(),
    event: creditedOf([DEPOSIT_TX, 'b'.repeat(64)], 2_000_000n),
    expect: 'same',
  },
  {
    name: 'credit on EXPIRED',
    swap: () => states.expired(),
    event: ev.credited(),
    expect: { reject: 'INVALID_EVENT' },
  },

  // Reorganisations (D4).
  {
    name: 'uncredited deposit vanishes in the window → NEW',
    swap: () => states.confirming(),
    event: ev.reverted(),
    expect: 'NEW',
    effects: [{ kind: 'ScheduleExpiryTimer', at: T0 + 3600 }],
    check: (s) => {
      expect(s.depositTx).toBeNull();
      expect(s.time.start).toBeNull();
    },
  },
  {
    name: 'uncredited deposit vanishes after the window → kept',
    swap: () => states.pending(),
    event: ev.reverted(DEPOSIT_TX, T0 + 4000),
    expect: 'same',
    check: (s, before) => expect(s).toEqual(before),
  },
  {
    name: 'another deposit vanishes → kept',
    swap: () => states.confirming(),
    event: ev.reverted('a'.repeat(64)),
    expect: 'same',
  },
  {
    name: 'credited deposit vanishes while RATE_CHANGED → FAILED',
    swap: () => states.rateChanged(),
    event: ev.reverted(),
    expect: 'FAILED',
    check: (s) =>
      expect(s.issue.reason).toMatch(
        /^The credited deposit disappeared .*reorganisation; the service operators/,
      ),
  },
  {
    name: 'credited deposit vanishes while SENDING → FAILED',
    swap: () => states.sending(),
    event: ev.reverted(),
    expect: 'FAILED',
    check: (s) => expect(s.issue.reason).toContain('while its payout or refund was under way'),
  },
  {
    name: 'credited deposit vanishes while EXCHANGING → FAILED',
    swap: () => states.exchanging(),
    event: ev.reverted(),
    expect: 'FAILED',
  },
  {
    name: 'an extra deposit credited with the tracked one vanishes while EXCHANGING → FAILED',
    swap: () => states.exchanging(),
    event: { kind: 'DepositReverted', now: T0 + 1300, txid: 'a'.repeat(64), credited: true },
    expect: 'FAILED',
    check: (s) => expect(s.issue.reason).toContain('while its payout or refund was under way'),
  },
  {
    name: 'a further deposit, not credited, vanishes while EXCHANGING → kept',
    swap: () => states.exchanging(),
    event: { kind: 'DepositReverted', now: T0 + 1300, txid: 'a'.repeat(64), credited: false },
    expect: 'same',
  },
  {
    name: 'credited deposit vanishes while REFUNDING → FAILED',
    swap: () => states.refunding(null),
    event: ev.reverted(),
    expect: 'FAILED',
  },
  {
    name: 'deposit vanishes after DONE',
    swap: () => states.done(),
    event: ev.reverted(),
    expect: { reject: 'INVALID_EVENT' },
  },

  // Decisions (section 4.6, rule 3).
  {
    name: 'decision on FAILED',
    swap: () => states.failedPayout(),
    event: ev.decide('EXCHANGE'),
    expect: { reject: 'UNDER_MANUAL_REVIEW' },
  },
  {
    name: 'REFUND on FAILED',
    swap: () => states.failedReverted(),
    event: ev.decide('REFUND', REFUND_ADDRESS),
    expect: { reject: 'UNDER_MANUAL_REVIEW' },
  },
  {
    name: 'EXCHANGE when the re-quote exceeds liquidity → REFUNDING NO_LIQUIDITY',
    swap: () => states.rateChanged(),
    event: ev.decide('EXCHANGE', undefined, { payoutAvailable: 1n }),
    expect: 'REFUNDING',
    effects: [refund(891_000n)],
    check: (s) => {
      expect(s.issue.type).toBe('NO_LIQUIDITY');
      expect(s.proposed).toBeNull();
    },
  },
  {
    name: 'EXCHANGE while RATE_CHANGED → EXCHANGING at proposed.rate, fixed fee unchanged',
    swap: () => states.rateChanged(),
    event: ev.decide('EXCHANGE', undefined, { rate: '99' }),
    expect: 'EXCHANGING',
    effects: [payout(138_802_500_000_000_000n)],
    check: (s) => {
      // 0.009 BTC × 15.5 = 0.1395 ETH, minus 0.5 % = 0.1388025 ETH
      expect(s.amountTo).toBe(138_802_500_000_000_000n);
      expect(s.feeAmount).toBe(697_500_000_000_000n);
      expect(s.issue).toMatchObject({ type: 'LESS', choice: 'EXCHANGE', reason: null });
      expect(s.proposed).toBeNull();
      expect(s.slippage).toBe('0');
    },
  },
  {
    name: 'REFUND with another address than the one set',
    swap: () => states.rateChanged(),
    event: ev.decide('REFUND', OTHER_ADDRESS),
    expect: { reject: 'REFUND_ADDRESS_ALREADY_SET' },
  },
  {
    name: 'REFUND without any address',
    swap: () => states.rateChanged({ refundAddress: null }),
    event: ev.decide('REFUND'),
    expect: { reject: 'REFUND_ADDRESS_REQUIRED' },
  },
  {
    name: 'REFUND while RATE_CHANGED with the address given',
    swap: () => states.rateChanged({ refundAddress: null }),
    event: ev.decide('REFUND', OTHER_ADDRESS),
    expect: 'REFUNDING',
    effects: [refund(891_000n, OTHER_ADDRESS)],
    check: (s) => {
      expect(s.refundAddress).toBe(OTHER_ADDRESS);
      expect(s.issue).toMatchObject({ type: 'LESS', choice: 'REFUND', needsRefundAddress: false });
      expect(s.proposed).toBeNull();
    },
  },
  {
    name: 'REFUND while RATE_CHANGED with the address already set',
    swap: () => states.rateChanged(),
    event: ev.decide('REFUND'),
    expect: 'REFUNDING',
    effects: [refund(891_000n)],
  },
  {
    name: 'REFUND repeating the address already set',
    swap: () => states.rateChanged(),
    event: ev.decide('REFUND', REFUND_ADDRESS),
    expect: 'REFUNDING',
    effects: [refund(891_000n)],
  },
  {
    name: 'REFUND without address while needsRefundAddress',
    swap: () => states.refunding(null),
    event: ev.decide('REFUND'),
    expect: { reject: 'REFUND_ADDRESS_REQUIRED' },
  },
  {
    name: 'REFUND with address while needsRefundAddress → address stored, refund proceeds',
    swap: () => states.refunding(null),
    event: ev.decide('REFUND', OTHER_ADDRESS),
    expect: 'REFUNDING',
    effects: [refund(49_500n, OTHER_ADDRESS)],
    check: (s) => {
      expect(s.refundAddress).toBe(OTHER_ADDRESS);
      expect(s.issue).toMatchObject({ type: 'BELOW_MINIMUM', choice: 'REFUND', needsRefundAddress: false });
    },
  },
  {
    name: 'REFUND with a new address while REFUNDING to a known one',
    swap: () => states.refunding(),
    event: ev.decide('REFUND', OTHER_ADDRESS),
    expect: { reject: 'REFUND_ADDRESS_ALREADY_SET' },
  },
  {
    name: 'EXCHANGE while NEW',
    swap: () => newSwap(),
    event: ev.decide('EXCHANGE'),
    expect: { reject: 'EXCHANGE_NOT_ALLOWED' },
  },
  {
    name: 'EXCHANGE while REFUNDING',
    swap: () => states.refunding(null),
    event: ev.decide('EXCHANGE'),
    expect: { reject: 'EXCHANGE_NOT_ALLOWED' },
  },
  {
    name: 'EXCHANGE while DONE',
    swap: () => states.done(),
    event: ev.decide('EXCHANGE'),
    expect: { reject: 'EXCHANGE_NOT_ALLOWED' },
  },
  {
    name: 'REFUND while EXCHANGING',
    swap: () => states.exchanging(),
    event: ev.decide('REFUND', REFUND_ADDRESS),
    expect: { reject: 'REFUND_NOT_ALLOWED' },
  },
  {
    name: 'REFUND while REFUNDING with an address',
    swap: () => states.refunding(),
    event: ev.decide('REFUND'),
    expect: { reject: 'REFUND_NOT_ALLOWED' },
  },
  {
    name: 'REFUND while NEW',
    swap: () => newSwap({ refundAddress: null }),
    event: ev.decide('REFUND', REFUND_ADDRESS),
    expect: { reject: 'REFUND_NOT_ALLOWED' },
  },

  // Payout.
  {
    name: 'EXCHANGING → SENDING when the payout is broadcast',
    swap: () => states.exchanging(),
    event: ev.broadcast(),
    expect: 'SENDING',
    check: (s) =>
      expect(s.payoutTx).toMatchObject({
        id: PAYOUT_TX,
        amount: s.amountTo,
        confirmations: 0,
        timeReg: T0 + 1400,
      }),
  },
  {
    name: 'the same broadcast again',
    swap: () => states.sending(),
    event: ev.broadcast(),
    expect: 'same',
    check: (s, before) => expect(s).toEqual(before),
  },
  {
    name: 'SENDING takes the payout signed again after its transaction expired unlanded (Tron, Solana)',
    swap: () => states.sending(),
    event: ev.broadcast('1'.repeat(64)),
    expect: 'same',
    check: (s) => expect(s.payoutTx).toMatchObject({ id: '1'.repeat(64), confirmations: 0 }),
  },
  {
    name: 'broadcast of a payout under way when the deposit vanished',
    swap: () => walk(states.exchanging(), ev.reverted()),
    event: ev.broadcast(),
    expect: 'same',
    check: (s) => expect(s.payoutTx?.id).toBe(PAYOUT_TX),
  },
  {
    name: 'SENDING → DONE when the payout lands',
    swap: () => states.sending(),
    event: ev.landed(),
    expect: 'DONE',
    check: (s) => {
      expect(s.payoutTx).toMatchObject({ id: PAYOUT_TX, confirmations: 1 });
      expect(s.rateActual).toBe('15.5');
      expect(s.time.finish).toBe(T0 + 1800);
    },
  },
  {
    name: 'DONE counts further confirmations of its payout',
    swap: () => states.done(),
    event: { kind: 'PayoutConfirmed', now: T0 + 2000, tx: PAYOUT_TX, confirmations: 5 },
    expect: 'same',
    check: (s, before) => {
      expect(s.payoutTx?.confirmations).toBe(5);
      expect({ ...s, payoutTx: null, time: null }).toEqual({ ...before, payoutTx: null, time: null });
    },
  },
  {
    name: 'REFUNDED counts further confirmations of its refund',
    swap: () => states.refunded(),
    event: { kind: 'RefundSent', now: T0 + 2000, tx: REFUND_TX, confirmations: 1 },
    expect: 'same',
    check: (s) => expect(s.refundTx?.confirmations).toBe(1),
  },
  {
    name: 'REFUNDED takes the refund signed again after its transaction expired unlanded (Tron, Solana)',
    swap: () => states.refunded(),
    event: { kind: 'RefundSent', now: T0 + 9000, tx: '2'.repeat(64), confirmations: 0 },
    expect: 'same',
    check: (s, before) => {
      expect(s.refundTx).toMatchObject({
        id: '2'.repeat(64),
        amount: before.refundTx?.amount,
        confirmations: 0,
      });
      expect(s.time.finish).toBe(before.time.finish);
    },
  },
  {
    name: 'EXCHANGING → DONE when the broadcast was not reported',
    swap: () => states.exchanging(),
    event: ev.landed(),
    expect: 'DONE',
  },
  {
    name: 'a payout under way lands after the deposit vanished',
    swap: () => states.failedPayoutUnderWay(),
    event: ev.landed(),
    expect: 'DONE',
    // The review's reason went with FAILED; the swap is done.
    check: (s) => expect(s.issue.reason).toBeNull(),
  },
  {
    name: 'SENDING → FAILED when the payout fails',
    swap: () => states.sending(),
    event: ev.payoutFailed('out of gas'),
    expect: 'FAILED',
    check: (s) =>
      expect(s.issue.reason).toBe(
        'The payout could not be completed (out of gas); the service operators are reviewing the swap',
      ),
  },
  {
    name: 'EXCHANGING → FAILED when the payout cannot be signed',
    swap: () => states.exchanging(),
    event: ev.payoutFailed(),
    expect: 'FAILED',
  },
  {
    name: 'a payout under way fails after the deposit vanished: the deposit stays the reason',
    swap: () => states.failedPayoutUnderWay(),
    event: ev.payoutFailed('out of gas'),
    expect: 'FAILED',
    check: (s) =>
      expect(s.issue.reason).toBe(
        'The credited deposit disappeared from the chain in a reorganisation, and the payout under way then failed (out of gas); the service operators are reviewing the swap',
      ),
  },
  {
    name: 'no operator retry of a payout whose deposit vanished, after that payout failed',
    swap: () => walk(states.failedPayoutUnderWay(), ev.payoutFailed()),
    event: ev.retryPayout(),
    expect: { reject: 'INVALID_EVENT' },
  },
  {
    name: 'payout landing on a FAILED payout',
    swap: () => states.failedPayout(),
    event: ev.landed(),
    expect: { reject: 'INVALID_EVENT' },
  },
  {
    name: 'payout on REFUNDING',
    swap: () => states.refunding(),
    event: ev.landed(),
    expect: { reject: 'INVALID_EVENT' },
  },

  // Refund.
  {
    name: 'REFUNDING → REFUNDED when the refund is sent',
    swap: () => states.refunding(),
    event: ev.refundSent(),
    expect: 'REFUNDED',
    check: (s) => {
      expect(s.refundTx).toMatchObject({ amount: 49_500n, timeReg: T0 + 1900 });
      expect(s.time.finish).toBe(T0 + 1900);
      // issue.reason explains REFUNDING; the type still says why the swap was refunded.
      expect(s.issue).toMatchObject({ type: 'BELOW_MINIMUM', reason: null });
    },
  },
  {
    name: 'a refund under way is sent after the deposit vanished',
    swap: () => states.failedRefundUnderWay(),
    event: ev.refundSent(),
    expect: 'REFUNDED',
    check: (s) => expect(s.issue.reason).toBeNull(),
  },
  {
    name: 'REFUNDING → FAILED when the refund fails',
    swap: () => states.refunding(),
    event: ev.refundFailed(),
    expect: 'FAILED',
    check: (s) => expect(s.issue.reason).toMatch(/^The refund could not be completed/),
  },
  {
    name: 'a refund under way fails after the deposit vanished: the deposit stays the reason',
    swap: () => states.failedRefundUnderWay(),
    event: ev.refundFailed(),
    expect: 'FAILED',
    check: (s) =>
      expect(s.issue.reason).toMatch(
        /^The credited deposit disappeared .*, and the refund under way then failed/,
      ),
  },
  {
    name: 'refund sent while waiting for a refund address',
    swap: () => states.refunding(null),
    event: ev.refundSent(),
    expect: { reject: 'INVALID_EVENT' },
  },

  // Operators (D4).
  {
    name: 'operator retries a failed payout → EXCHANGING',
    swap: () => states.failedPayout(),
    event: ev.retryPayout(),
    expect: 'EXCHANGING',
    effects: [payout(154_612_500_000_000_000n)],
    check: (s) => {
      expect(s.payoutTx).toBeNull();
      expect(s.issue.reason).toBeNull();
    },
  },
  {
    name: 'operator retry of a swap whose refund failed',
    swap: () => states.failedRefund(),
    event: ev.retryPayout(),
    expect: { reject: 'INVALID_EVENT' },
  },
  {
    name: 'operator retry while the payout may still land',
    swap: () => states.failedPayoutUnderWay(),
    event: ev.retryPayout(),
    expect: { reject: 'INVALID_EVENT' },
  },
  {
    name: 'operator refund while the payout may still land',
    swap: () => states.failedPayoutUnderWay(),
    event: ev.operatorRefund(),
    expect: { reject: 'INVALID_EVENT' },
  },
  {
    name: 'operator refund without any address',
    swap: () => states.failedReverted({ refundAddress: null }),
    event: ev.operatorRefund(),
    expect: { reject: 'REFUND_ADDRESS_REQUIRED' },
  },
  {
    name: 'operator refunds a failed payout → REFUNDING',
    swap: () => states.failedPayout(),
    event: ev.operatorRefund(),
    expect: 'REFUNDING',
    effects: [refund(990_000n)],
    check: (s) => expect(s.issue.choice).toBe('REFUND'),
  },
  {
    name: 'operator refunds to a corrected address',
    swap: () => states.failedRefund(),
    event: ev.operatorRefund(OTHER_ADDRESS),
    expect: 'REFUNDING',
    effects: [refund(49_500n, OTHER_ADDRESS)],
  },
  {
    name: 'operator refund on DONE',
    swap: () => states.done(),
    event: ev.operatorRefund(),
    expect: { reject: 'INVALID_EVENT' },
  },

  // Rule 1 in full: deposits that confirm after the swap's own credit.
  {
    name: 'a later deposit reported again is handled once',
    swap: () => states.sendingWithFurther(),
    event: ev.later(),
    expect: 'same',
    check: (s, before) => expect(s).toEqual(before),
  },
  {
    name: 'no later deposit before the crediting: deposits are credited together',
    swap: () => states.confirming(),
    event: ev.later(),
    expect: { reject: 'INVALID_EVENT' },
  },
  {
    name: 'RATE_CHANGED: a further deposit joins, the sum is below a raised minimum → REFUNDING',
    swap: () => states.rateChanged(),
    event: ev.later(50_000n, { pairMin: 10_000_000n }),
    expect: 'REFUNDING',
    effects: [refund(940_500n)],
    check: (s) => {
      expect(s.amountDeposited).toBe(950_000n);
      expect(s.later).toMatchObject([{ id: LATER_DEPOSIT, handling: 'JOINED', amount: 50_000n }]);
      expect(s.issue).toMatchObject({ type: 'BELOW_MINIMUM', choice: 'REFUND' });
    },
  },
  {
    name: 'RATE_CHANGED: a further deposit joins, the payout for the sum is more than the service holds → REFUNDING',
    swap: () => states.rateChanged(),
    event: ev.later(100_000n, { payoutAvailable: 1n }),
    expect: 'REFUNDING',
    effects: [refund(990_000n)],
    check: (s) => expect(s.issue.type).toBe('NO_LIQUIDITY'),
  },
  {
    name: 'RATE_CHANGED: a further deposit joins, the sum still differs by more than 0.5 % → a new proposal',
    swap: () => states.rateChanged(),
    event: ev.later(10_000n, { rate: '16' }),
    expect: 'RATE_CHANGED',
    check: (s) => {
      expect(s.amountDeposited).toBe(910_000n);
      expect(s.depositTx?.amount).toBe(910_000n);
      expect(s.issue).toMatchObject({ type: 'LESS', choice: 'NONE' });
      expect(s.proposed).toEqual({
        rate: '16',
        amount: outputForDeposit(910_000n, 'BTC', 'ETH', '16', '0.5').net,
      });
    },
  },
  {
    name: 'RATE_CHANGED: a further deposit makes up the order → EXCHANGING at the fixed quote',
    swap: () => states.rateChanged(),
    event: ev.later(100_000n, { rate: '16' }),
    expect: 'EXCHANGING',
    effects: [payout(154_225_000_000_000_000n)],
    check: (s) => {
      expect(s).toMatchObject({
        amountDeposited: 1_000_000n,
        rateActual: '15.5',
        slippage: '0',
        proposed: null,
      });
      expect(s.later).toMatchObject([{ handling: 'JOINED' }]);
    },
  },
  {
    name: 'REFUNDING waiting for an address: a further deposit joins the refund',
    swap: () => states.refunding(null),
    event: ev.later(20_000n, null),
    expect: 'same',
    check: (s) => {
      expect(s.amountDeposited).toBe(70_000n);
      expect(s.later).toMatchObject([{ handling: 'JOINED', payout: null }]);
    },
  },
  {
    name: 'SENDING (float): a further deposit is exchanged at the market of the moment and paid on its own',
    swap: () => states.sending(),
    event: ev.later(),
    expect: 'same',
    effects: [payout(LATER_OUT.net, `${ID}-further-1`)],
    check: (s, before) => {
      expect(s.later).toEqual([
        {
          id: LATER_DEPOSIT,
          tx: LATER_TX,
          amount: 500_000n,
          time: T0 + 1600,
          handling: 'PAID',
          payout: {
            id: `${ID}-further-1`,
            rate: '15.5',
            amountTo: LATER_OUT.net,
            feeAmount: LATER_OUT.fee,
            state: 'REQUESTED',
            tx: null,
          },
        },
      ]);
      // The swap's own terms stay as they were: the further deposit is booked beside them.
      expect(s.amountDeposited).toBe(before.amountDeposited);
      expect(s.amountTo).toBe(before.amountTo);
    },
  },
  {
    name: 'EXCHANGING (fixed): a further deposit goes back, the quote covered one amount',
    swap: fixedSending,
    event: ev.later(),
    expect: 'same',
    effects: [returnOf()],
    check: (s) => {
      expect(s.later).toMatchObject([{ handling: 'RETURNED', payout: null }]);
      expect(s.returns).toMatchObject([{ state: 'REQUESTED', amount: 495_000n, address: REFUND_ADDRESS }]);
      expect(s.returns[0].reason).toMatch(/^A fixed-rate quote covers one amount/);
    },
  },
  {
    name: 'DONE: a deposit after the end goes back to the refund address, less 1 %',
    swap: () => states.done(),
    event: ev.later(500_000n, null),
    expect: 'same',
    effects: [returnOf()],
    check: (s, before) => {
      expect(s.returns).toEqual([
        {
          id: `${ID}-return-1`,
          deposit: LATER_DEPOSIT,
          depositTx: LATER_TX,
          deposited: 500_000n,
          amount: 495_000n,
          address: REFUND_ADDRESS,
          state: 'REQUESTED',
          tx: null,
          reason: 'The deposit confirmed after the swap ended (DONE); it goes back minus the 1 % refund fee',
          requestedAt: T0 + 1600,
        },
      ]);
      expect(s.time.finish).toBe(before.time.finish);
    },
  },
  {
    name: 'a deposit waiting for an address to go back leaves the chain: forgotten, handled afresh if mined again',
    swap: () => states.doneWithWaitingReturn(),
    event: { kind: 'DepositReverted', now: T0 + 1700, txid: LATER_TX, deposit: LATER_DEPOSIT },
    expect: 'same',
    check: (s) => {
      expect(s.returns).toEqual([]);
      expect(s.later).toEqual([]);
    },
  },
  {
    name: 'EXPIRED: REFUND with an address sends a waiting late deposit back',
    swap: () => states.expiredWithWaitingReturn(),
    event: ev.decide('REFUND', REFUND_ADDRESS),
    expect: 'same',
    effects: [returnOf()],
    check: (s) => {
      expect(s.refundAddress).toBe(REFUND_ADDRESS);
      expect(s.returns).toMatchObject([{ state: 'REQUESTED', address: REFUND_ADDRESS }]);
    },
  },
  {
    name: 'EXPIRED: REFUND without an address while a late deposit waits',
    swap: () => states.expiredWithWaitingReturn(),
    event: ev.decide('REFUND'),
    expect: { reject: 'REFUND_ADDRESS_REQUIRED' },
  },
  {
    name: 'EXPIRED: REFUND with an address when nothing waits to go back',
    swap: () => walk(newSwap({ refundAddress: null }), ev.windowEnded()),
    event: ev.decide('REFUND', REFUND_ADDRESS),
    expect: { reject: 'REFUND_NOT_ALLOWED' },
  },
  {
    name: "the swap's own payout lands while a further one is under way → SENDING",
    swap: () => states.sendingWithFurther(),
    event: ev.landed(),
    expect: 'SENDING',
    check: (s) => {
      expect(s.payoutTx).toMatchObject({ id: PAYOUT_TX, confirmations: 1 });
      expect(s.time.finish).toBeNull();
    },
  },
  {
    name: 'confirmations of the landed payout counted while a further one is under way',
    swap: () => states.landedWithFurther(),
    event: { kind: 'PayoutConfirmed', now: T0 + 2000, tx: PAYOUT_TX, confirmations: 3 },
    expect: 'same',
    check: (s) => expect(s.payoutTx?.confirmations).toBe(3),
  },
  {
    name: 'the landed payout reported under another transaction',
    swap: () => states.landedWithFurther(),
    event: ev.landed('1'.repeat(64)),
    expect: { reject: 'INVALID_EVENT' },
  },
  {
    name: 'a further payout broadcast',
    swap: () => states.sendingWithFurther(),
    event: ev.furtherBroadcast(),
    expect: 'same',
    check: (s) =>
      expect(s.later[0].payout).toMatchObject({
        state: 'SENT',
        tx: { id: FURTHER_TX, amount: LATER_OUT.net, confirmations: 0 },
      }),
  },
  {
    name: 'the last payout lands → DONE',
    swap: () => states.landedWithFurther(),
    event: ev.furtherLanded(),
    expect: 'DONE',
    check: (s) => {
      expect(s.later[0].payout).toMatchObject({ state: 'DONE', tx: { id: FURTHER_TX, confirmations: 1 } });
      expect(s.time.finish).toBe(T0 + 2100);
    },
  },
  {
    name: "a further payout lands before the swap's own",
    swap: () => states.sendingWithFurther(),
    event: ev.furtherLanded(),
    expect: 'same',
    check: (s) => expect(s.later[0].payout?.state).toBe('DONE'),
  },
  {
    name: 'the last payout fails → DONE, its deposit goes back',
    swap: () => states.landedWithFurther(),
    event: ev.furtherFailed(),
    expect: 'DONE',
    effects: [returnOf()],
    check: (s) => {
      expect(s.later[0]).toMatchObject({ handling: 'RETURNED', payout: { state: 'FAILED' } });
      expect(s.returns[0].reason).toMatch(/payout could not be completed \(the network rejected it\)/);
    },
  },
  {
    name: "a further payout fails while the swap's own is under way: its deposit goes back",
    swap: () => states.sendingWithFurther(),
    event: ev.furtherFailed(),
    expect: 'same',
    effects: [returnOf()],
  },
  {
    name: 'a return sent',
    swap: () => states.doneWithReturn(),
    event: ev.returned(`${ID}-return-1`),
    expect: 'same',
    check: (s) =>
      expect(s.returns[0]).toMatchObject({ state: 'SENT', tx: { id: RETURN_TX, amount: 495_000n } }),
  },
  {
    name: 'no operator return before the crediting',
    swap: () => states.confirming(),
    event: ev.operatorReturn(REFUND_ADDRESS),
    expect: { reject: 'RETURN_NOT_POSSIBLE' },
  },
  {
    name: 'no operator return of a deposit going back already',
    swap: () => states.doneWithReturn(),
    event: ev.operatorReturn(OTHER_ADDRESS),
    expect: { reject: 'RETURN_NOT_POSSIBLE' },
  },
  {
    name: 'no operator return of a deposit paid out on its own',
    swap: () => states.sendingWithFurther(),
    event: ev.operatorReturn(OTHER_ADDRESS),
    expect: { reject: 'RETURN_NOT_POSSIBLE' },
  },
  {
    name: 'operator return without any address',
    swap: () => states.done(newSwap({ refundAddress: null })),
    event: ev.operatorReturn(),
    expect: { reject: 'REFUND_ADDRESS_REQUIRED' },
  },
  {
    name: 'an operator gives the address a waiting deposit goes back to',
    swap: () => states.doneWithWaitingReturn(),
    event: ev.operatorReturn(OTHER_ADDRESS),
    expect: 'same',
    effects: [returnOf(OTHER_ADDRESS)],
    check: (s) => expect(s.refundAddress).toBeNull(),
  },
  {
    name: 'an operator sends a deposit back again after its return failed',
    swap: () => walk(states.doneWithReturn(), ev.returned(`${ID}-return-1`, 'failed', null)),
    event: ev.operatorReturn(OTHER_ADDRESS),
    expect: 'same',
    effects: [returnOf(OTHER_ADDRESS, 2)],
    check: (s) => {
      expect(s.returns.map((r) => r.state)).toEqual(['FAILED', 'REQUESTED']);
      expect(s.returns[0].reason).toMatch(/could not be completed \(double spend\)/);
    },
  },
];

describe('the transition table', () => {
  const used = new Set<number>();

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const before = c.swap();
    const row = findTransition(before, c.event);
    if (row) used.add(SWAP_TRANSITIONS.indexOf(row));
    const frozen = structuredClone(before);
    const result = transition(before, c.event);

    expect(before).toEqual(frozen); // the input is never modified
    if (typeof c.expect === 'object') {
      expect(result).toEqual({
        ok: false,
        rejection: { reason: c.expect.reject, status: before.status, event: c.event.kind },
      });
      return;
    }
    if (!result.ok) throw new Error(`refused: ${result.rejection.reason}`);
    expect(result.swap).not.toBe(before);
    expect(result.swap.status).toBe(c.expect === 'same' ? before.status : c.expect);
    expect(result.swap.version).toBe(before.version);
    expect(result.effects).toEqual(c.effects ?? []);
    expect(result.swap.time.update).toBe(result.changed ? c.event.now : before.time.update);
    c.check?.(result.swap, before, result);
  });

  it('has a case for every row', () => {
    const missing = SWAP_TRANSITIONS.filter((_row, index) => !used.has(index)).map(
      (r) => `${r.from} ${r.on}: ${r.when}`,
    );
    expect(missing).toEqual([]);
  });

  it("DONE and REFUNDED still count their transaction's confirmations, up to the threshold, nothing else", () => {
    const done = states.done();
    const payoutTx = done.payoutTx?.id as string;
    const counted = transition(done, {
      kind: 'PayoutConfirmed',
      now: T0 + 5000,
      tx: payoutTx,
      confirmations: 99,
    });
    expect(counted.ok && counted.swap.payoutTx?.confirmations).toBe(CURRENCIES[done.to].reqConfirmations);
    expect(counted.ok && counted.swap.status).toBe('DONE');
    expect(counted.ok && counted.effects).toEqual([]);
    expect(counted.ok && counted.swap.payoutTx?.fee).toBe(done.payoutTx?.fee);
    // The fee the chain charged (EVM: below the one signed for) replaces the signed one.
    const settled = transition(done, { kind: 'PayoutConfirmed', now: T0 + 5000, tx: payoutTx, fee: 7n });
    expect(settled.ok && settled.swap.payoutTx?.fee).toBe(7n);
    const other = transition(done, {
      kind: 'PayoutConfirmed',
      now: T0 + 5000,
      tx: 'f'.repeat(64),
      confirmations: 3,
    });
    expect(other.ok).toBe(false);

    const refunded = states.refunded();
    const refundTx = refunded.refundTx?.id as string;
    const again = transition(refunded, {
      kind: 'RefundSent',
      now: T0 + 5000,
      tx: refundTx,
      confirmations: 1,
    });
    expect(again.ok && again.swap.refundTx?.confirmations).toBe(1);
    expect(again.ok && again.swap.status).toBe('REFUNDED');
  });

  it('final states (DONE, EXPIRED, REFUNDED) accept no further change', () => {
    for (const final of [states.done(), states.expired(), states.refunded()]) {
      for (const event of [
        ev.seen(),
        ev.credited(),
        ev.reverted(),
        ev.broadcast(),
        ev.landed(),
        ev.payoutFailed(),
        ev.refundSent(),
        ev.refundFailed(),
        ev.windowEnded(),
        ev.retryPayout(),
        ev.operatorRefund(REFUND_ADDRESS),
      ]) {
        const result = transition(final, event);
        if (result.ok) expect(result.changed).toBe(false);
      }
    }
  });
});
