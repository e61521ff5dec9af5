/**
 * Swaps as plain data, no transition run: for the specs of code that reads a swap (the order view,
 * the engine's machine as its starting points). The engine domain's spec checks each state below
 * against the one its machine reaches, so they cannot drift from it.
 */
import type { ChainTx, DepositReturn, LaterDeposit, Swap, SwapTimes } from '../lib/swap';

export const T0 = 1_700_000_000;
export const DEPOSIT_TX = 'd'.repeat(64);
export const PAYOUT_TX = 'e'.repeat(64);
export const REFUND_TX = 'f'.repeat(64);
export const REFUND_ADDRESS = 'bc1qrefundaddressxxxxxxxxxxxxxxxxxxxxxxxx';
export const OTHER_ADDRESS = 'bc1qotheraddressxxxxxxxxxxxxxxxxxxxxxxxxx';
export const LATER_TX = '7'.repeat(64);
export const LATER_DEPOSIT = `BTC:${LATER_TX}:0`;
export const FURTHER_TX = '8'.repeat(64);
export const RETURN_TX = '9'.repeat(64);

/** 0.01 BTC → ETH at 15.5 with the float fee of 0.25 %: 0.1546125 ETH out, 0.0003875 ETH fee. */
export function newSwap(overrides: Partial<Swap> = {}): Swap {
  return {
    id: 'Ab3dEf7hJk',
    token: 'tok0123456789abcdefXYZ',
    apiKey: 'key-1',
    dryrun: false,
    ref: null,
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
    feeShare: '0',
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
    seq: 1,
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

/** A transaction as a swap records it: no fee known, unconfirmed, unless `more` says. */
export const aChainTx = (
  id: string,
  amount: bigint,
  timeReg: number,
  more: Partial<ChainTx> = {},
): ChainTx => ({
  id,
  amount,
  fee: null,
  feeCurrency: null,
  timeReg,
  timeBlock: null,
  confirmations: 0,
  txKey: null,
  ...more,
});

/** The deposit seen at T0 + 60, then (`confirmed`) in the block of T0 + 1200. */
const deposit = (amount: bigint, confirmed: boolean): ChainTx =>
  aChainTx(DEPOSIT_TX, amount, T0 + 60, confirmed ? { timeBlock: T0 + 1200, confirmations: 1 } : {});

/** Started by the deposit seen at T0 + 60. */
const times = (more: Partial<SwapTimes>): SwapTimes => ({
  reg: T0,
  start: T0 + 60,
  finish: null,
  update: T0,
  expiration: T0 + 3600,
  ...more,
});

const LATER_REASON =
  'The deposit confirmed after the swap ended (DONE); it goes back minus the 1 % refund fee';

/** The further deposit of 0.005 BTC, credited at T0 + 1600. */
const laterDeposit = (handling: LaterDeposit['handling'], payout: LaterDeposit['payout']): LaterDeposit => ({
  id: LATER_DEPOSIT,
  tx: LATER_TX,
  amount: 500_000n,
  time: T0 + 1600,
  handling,
  payout,
});

/** The further deposit going back: 0.005 BTC less the 1 % refund fee. */
const laterReturn = (more: Partial<DepositReturn>): DepositReturn => ({
  id: 'Ab3dEf7hJk-return-1',
  deposit: LATER_DEPOSIT,
  depositTx: LATER_TX,
  deposited: 500_000n,
  amount: 495_000n,
  address: REFUND_ADDRESS,
  state: 'REQUESTED',
  tx: null,
  reason: LATER_REASON,
  requestedAt: T0 + 1600,
  ...more,
});

/** Its own payout at 15.5, broadcast at T0 + 1700. */
const furtherPayout = (state: 'SENT' | 'FAILED') => ({
  id: 'Ab3dEf7hJk-further-1',
  rate: '15.5',
  amountTo: 77_306_250_000_000_000n,
  feeAmount: 193_750_000_000_000n,
  state,
  tx: aChainTx(FURTHER_TX, 77_306_250_000_000_000n, T0 + 1700),
});

/**
 * `base`'s deposit of 0.01 BTC credited at T0 + 1200 at the quoted rate; `credit` holds what
 * another market rate changes (amountTo, feeAmount, rateActual, slippage).
 */
const exchanging = (base = newSwap(), credit: Partial<Swap> = {}): Swap => ({
  ...base,
  status: 'EXCHANGING',
  amountDeposited: 1_000_000n,
  rateActual: base.rate,
  slippage: '0',
  depositTx: deposit(1_000_000n, true),
  time: times({ update: T0 + 1200 }),
  ...credit,
});

/** `swap`'s payout of its amountTo broadcast at T0 + 1400; `tx`: its fee, when reported. */
const sending = (swap = exchanging(), tx: Partial<ChainTx> = {}): Swap => ({
  ...swap,
  status: 'SENDING',
  payoutTx: aChainTx(PAYOUT_TX, swap.amountTo, T0 + 1400, tx),
  time: { ...swap.time, update: T0 + 1400 },
});

/** `swap`'s payout confirmed at T0 + 1800. */
const done = (swap = sending()): Swap => ({
  ...swap,
  status: 'DONE',
  payoutTx: swap.payoutTx && { ...swap.payoutTx, confirmations: 1 },
  time: { ...swap.time, finish: T0 + 1800, update: T0 + 1800 },
});

/** The swap's own payout landed; a further deposit paid out on its own, its payout broadcast. */
const furtherSent = (): Swap => {
  const swap = sending();
  return {
    ...swap,
    payoutTx: swap.payoutTx && { ...swap.payoutTx, confirmations: 1 },
    later: [laterDeposit('PAID', furtherPayout('SENT'))],
    time: { ...swap.time, update: T0 + 1700 },
  };
};

/** Swaps in each state, as the machine leaves them after the events of `machine.fixtures`' `ev`. */
export const plainSwaps = {
  /** The deposit seen at T0 + 60. */
  pending: (): Swap =>
    newSwap({ status: 'PENDING', depositTx: deposit(1_000_000n, false), time: times({ update: T0 + 60 }) }),
  /** No deposit by the end of the window. */
  expired: (): Swap => newSwap({ status: 'EXPIRED', time: times({ start: null, update: T0 + 3600 }) }),
  exchanging,
  sending,
  done,
  /** A fixed order 10 % short, re-quoted at 15: the user must choose. */
  rateChanged: (): Swap =>
    newFixedSwap({
      status: 'RATE_CHANGED',
      amountDeposited: 900_000n,
      depositTx: deposit(900_000n, true),
      issue: {
        type: 'LESS',
        reason:
          'The deposit of 0.00900000 BTC differs from the ordered 0.01000000 BTC by more than 0.5 %; choose EXCHANGE at the new rate or REFUND',
        needsRefundAddress: false,
        choice: 'NONE',
      },
      proposed: { rate: '15', amount: 134_325_000_000_000_000n },
      time: times({ update: T0 + 1200 }),
    }),
  /** A deposit below the pair minimum, sent back less the 1 % refund fee at T0 + 1900. */
  refunded: (): Swap =>
    newSwap({
      status: 'REFUNDED',
      amountDeposited: 50_000n,
      depositTx: deposit(50_000n, true),
      refundTx: aChainTx(REFUND_TX, 49_500n, T0 + 1900),
      issue: { type: 'BELOW_MINIMUM', reason: null, needsRefundAddress: false, choice: 'REFUND' },
      time: times({ finish: T0 + 1900, update: T0 + 1900 }),
    }),
  furtherSent,
  /** The further payout failed at T0 + 2100: its deposit goes back, the swap is DONE. */
  furtherFailed: (): Swap => ({
    ...furtherSent(),
    status: 'DONE',
    later: [laterDeposit('RETURNED', furtherPayout('FAILED'))],
    returns: [
      laterReturn({
        reason:
          "The further deposit's payout could not be completed (the network rejected it); it goes back minus the 1 % refund fee",
        requestedAt: T0 + 2100,
      }),
    ],
    time: times({ finish: T0 + 2100, update: T0 + 2100 }),
  }),
  /** DONE, then a further deposit that waits for a refund address to go back. */
  doneWithWaitingReturn: (): Swap => {
    const swap = done(sending(exchanging(newSwap({ refundAddress: null }))));
    return {
      ...swap,
      later: [laterDeposit('RETURNED', null)],
      returns: [laterReturn({ address: null, state: 'WAITING' })],
      time: { ...swap.time, update: T0 + 1600 },
    };
  },
  /** DONE, then a further deposit sent back to the refund address at T0 + 2200. */
  doneWithReturnSent: (): Swap => {
    const swap = done();
    return {
      ...swap,
      later: [laterDeposit('RETURNED', null)],
      returns: [laterReturn({ state: 'SENT', tx: aChainTx(RETURN_TX, 495_000n, T0 + 2200) })],
      time: { ...swap.time, update: T0 + 2200 },
    };
  },
};
