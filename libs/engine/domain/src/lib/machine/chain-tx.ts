import { ChainTx } from '@swap/domain';

/** A transaction as the swap first records it: unconfirmed, no fee known yet unless `more` says. */
export function chainTx(id: string, amount: bigint, now: number, more: Partial<ChainTx> = {}): ChainTx {
  return {
    id,
    amount,
    fee: null,
    feeCurrency: null,
    timeReg: now,
    timeBlock: null,
    confirmations: 0,
    txKey: null,
    ...more,
  };
}

/** A later count never lowers what was recorded, and stops at the `required` threshold. */
export const countUpTo = (required: number, recorded: number, reported: number | undefined): number =>
  Math.min(Math.max(recorded, reported ?? 0), required);
