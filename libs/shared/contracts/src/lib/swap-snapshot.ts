import { z } from 'zod';
import { CURRENCY_CODES, SWAP_STATUSES, Swap, ChainTx, DepositReturn, LaterDeposit } from '@swap/domain';
import { decimal, units } from './define';

const currencyCode = z.enum(CURRENCY_CODES);

const chainTx = z.object({
  id: z.string(),
  amount: units,
  fee: units.nullable(),
  feeCurrency: currencyCode.nullable(),
  timeReg: z.number().int(),
  timeBlock: z.number().int().nullable(),
  confirmations: z.number().int().nonnegative(),
  txKey: z.string().nullable(),
});

const laterDeposit = z.object({
  id: z.string(),
  tx: z.string(),
  amount: units,
  time: z.number().int(),
  handling: z.enum(['JOINED', 'PAID', 'RETURNED']),
  payout: z
    .object({
      id: z.string(),
      rate: decimal,
      amountTo: units,
      feeAmount: units,
      state: z.enum(['REQUESTED', 'SENT', 'DONE', 'FAILED']),
      tx: chainTx.nullable(),
    })
    .nullable(),
});

const depositReturn = z.object({
  id: z.string(),
  deposit: z.string(),
  depositTx: z.string(),
  deposited: units,
  amount: units,
  address: z.string().nullable(),
  state: z.enum(['WAITING', 'REQUESTED', 'SENT', 'CONFIRMED', 'FAILED']),
  tx: chainTx.nullable(),
  reason: z.string(),
  requestedAt: z.number().int(),
});

/** A swap as the engine persisted it: the payload of swap events and engine replies. */
export const swapSnapshot = z.object({
  id: z.string().length(10),
  token: z.string().length(22),
  apiKey: z.string(),
  dryrun: z.boolean(),
  /** The referral code it was created through (D19); absent from events published before codes. */
  ref: z.string().nullable().default(null),
  type: z.enum(['float', 'fixed']),
  direction: z.enum(['from', 'to']),
  status: z.enum(SWAP_STATUSES),
  from: currencyCode,
  to: currencyCode,
  amountFrom: units,
  amountTo: units,
  amountDeposited: units,
  rate: decimal,
  rateActual: decimal.nullable(),
  feePercent: decimal,
  partnerPercent: decimal,
  /** The key's fee share (percent of the service fee); absent from events published before it existed. */
  feeShare: decimal.default('0'),
  feeAmount: units,
  slippage: decimal.nullable(),
  depositAddress: z.string(),
  depositIndex: z.number().int().nonnegative().nullable(),
  toAddress: z.string(),
  refundAddress: z.string().nullable(),
  depositTx: chainTx.nullable(),
  payoutTx: chainTx.nullable(),
  refundTx: chainTx.nullable(),
  issue: z.object({
    type: z.enum(['LESS', 'MORE', 'BELOW_MINIMUM', 'NO_LIQUIDITY']).nullable(),
    reason: z.string().nullable(),
    needsRefundAddress: z.boolean(),
    choice: z.enum(['NONE', 'EXCHANGE', 'REFUND']),
  }),
  proposed: z.object({ rate: decimal, amount: units }).nullable(),
  autoExecuteOnMismatch: z.boolean(),
  /** Absent from events published before later deposits were handled. */
  later: z.array(laterDeposit).default([]),
  returns: z.array(depositReturn).default([]),
  time: z.object({
    reg: z.number().int(),
    start: z.number().int().nullable(),
    finish: z.number().int().nullable(),
    update: z.number().int(),
    expiration: z.number().int(),
  }),
  /** The engine's creation sequence; absent from events published before it existed. */
  seq: z.number().int().nonnegative().default(0),
  version: z.number().int().nonnegative(),
});
export type SwapSnapshot = z.infer<typeof swapSnapshot>;

type ChainTxSnapshot = z.infer<typeof chainTx>;
export type LaterDepositSnapshot = z.infer<typeof laterDeposit>;
export type DepositReturnSnapshot = z.infer<typeof depositReturn>;

const txOut = (tx: ChainTx | null): ChainTxSnapshot | null =>
  tx && { ...tx, amount: tx.amount.toString(), fee: tx.fee === null ? null : tx.fee.toString() };
const txIn = (tx: ChainTxSnapshot | null): ChainTx | null =>
  tx && { ...tx, amount: BigInt(tx.amount), fee: tx.fee === null ? null : BigInt(tx.fee) };

/** Later deposits with their amounts as decimal strings (events, the engine's jsonb column). */
export const laterOut = (later: readonly LaterDeposit[]): LaterDepositSnapshot[] =>
  later.map((deposit) => ({
    ...deposit,
    amount: deposit.amount.toString(),
    payout: deposit.payout && {
      ...deposit.payout,
      amountTo: deposit.payout.amountTo.toString(),
      feeAmount: deposit.payout.feeAmount.toString(),
      tx: txOut(deposit.payout.tx),
    },
  }));

export const laterIn = (later: readonly LaterDepositSnapshot[]): LaterDeposit[] =>
  later.map((deposit) => ({
    ...deposit,
    amount: BigInt(deposit.amount),
    payout: deposit.payout && {
      ...deposit.payout,
      amountTo: BigInt(deposit.payout.amountTo),
      feeAmount: BigInt(deposit.payout.feeAmount),
      tx: txIn(deposit.payout.tx),
    },
  }));

export const returnsOut = (returns: readonly DepositReturn[]): DepositReturnSnapshot[] =>
  returns.map((ret) => ({
    ...ret,
    deposited: ret.deposited.toString(),
    amount: ret.amount.toString(),
    tx: txOut(ret.tx),
  }));

export const returnsIn = (returns: readonly DepositReturnSnapshot[]): DepositReturn[] =>
  returns.map((ret) => ({
    ...ret,
    deposited: BigInt(ret.deposited),
    amount: BigInt(ret.amount),
    tx: txIn(ret.tx),
  }));

export function toSnapshot(swap: Swap): SwapSnapshot {
  return {
    ...swap,
    amountFrom: swap.amountFrom.toString(),
    amountTo: swap.amountTo.toString(),
    amountDeposited: swap.amountDeposited.toString(),
    feeAmount: swap.feeAmount.toString(),
    depositTx: txOut(swap.depositTx),
    payoutTx: txOut(swap.payoutTx),
    refundTx: txOut(swap.refundTx),
    issue: { ...swap.issue },
    proposed: swap.proposed && { rate: swap.proposed.rate, amount: swap.proposed.amount.toString() },
    later: laterOut(swap.later),
    returns: returnsOut(swap.returns),
    time: { ...swap.time },
  };
}

export function fromSnapshot(snapshot: SwapSnapshot): Swap {
  return {
    ...snapshot,
    amountFrom: BigInt(snapshot.amountFrom),
    amountTo: BigInt(snapshot.amountTo),
    amountDeposited: BigInt(snapshot.amountDeposited),
    feeAmount: BigInt(snapshot.feeAmount),
    depositTx: txIn(snapshot.depositTx),
    payoutTx: txIn(snapshot.payoutTx),
    refundTx: txIn(snapshot.refundTx),
    issue: { ...snapshot.issue },
    proposed: snapshot.proposed && { rate: snapshot.proposed.rate, amount: BigInt(snapshot.proposed.amount) },
    // Read-model rows written before later deposits were handled lack both.
    later: laterIn(snapshot.later ?? []),
    returns: returnsIn(snapshot.returns ?? []),
    time: { ...snapshot.time },
  };
}
