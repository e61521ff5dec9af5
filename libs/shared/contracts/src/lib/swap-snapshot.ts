import { z } from 'zod';
import { CURRENCY_CODES, SWAP_STATUSES, Swap, ChainTx } from '@swap/domain';
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

/** A swap as the engine persisted it: the payload of swap events and engine replies. */
export const swapSnapshot = z.object({
  id: z.string().length(10),
  token: z.string().length(22),
  apiKey: z.string(),
  dryrun: z.boolean(),
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
  time: z.object({
    reg: z.number().int(),
    start: z.number().int().nullable(),
    finish: z.number().int().nullable(),
    update: z.number().int(),
    expiration: z.number().int(),
  }),
  version: z.number().int().nonnegative(),
});
export type SwapSnapshot = z.infer<typeof swapSnapshot>;

type ChainTxSnapshot = z.infer<typeof chainTx>;

const txOut = (tx: ChainTx | null): ChainTxSnapshot | null =>
  tx && { ...tx, amount: tx.amount.toString(), fee: tx.fee === null ? null : tx.fee.toString() };
const txIn = (tx: ChainTxSnapshot | null): ChainTx | null =>
  tx && { ...tx, amount: BigInt(tx.amount), fee: tx.fee === null ? null : BigInt(tx.fee) };

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
    time: { ...snapshot.time },
  };
}
