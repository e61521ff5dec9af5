import { depositReturnUpdated, refundRequested, type DepositReturn } from '@swap/contracts';
import type { Swap } from '@swap/domain';
import type { DepositReturnRecord, OutboxMessage } from '@swap/engine-data';

/** A return as the contracts carry it (amounts as base-unit strings). */
export function depositReturnView(record: DepositReturnRecord): DepositReturn {
  return {
    ...record,
    deposited: record.deposited.toString(),
    amount: record.amount.toString(),
    fee: record.fee === null ? null : record.fee.toString(),
  };
}

/** The return's event, for the treasury's books: one per state, de-duplicated by it. */
export function depositReturnEvent(
  record: DepositReturnRecord,
  swap: Pick<Swap, 'depositAddress' | 'depositIndex'>,
): OutboxMessage {
  return {
    msgId: `${record.returnId}:${record.state}`,
    subject: depositReturnUpdated.subject(record.swapId),
    payload: {
      ...depositReturnView(record),
      depositAddress: swap.depositAddress,
      depositIndex: swap.depositIndex,
    },
  };
}

/** The refunds service sends a return as a refund whose id is the return's. */
export function depositReturnCommand(record: DepositReturnRecord): OutboxMessage {
  return {
    msgId: record.returnId,
    subject: refundRequested.subject(record.network),
    payload: {
      refundId: record.returnId,
      swapId: record.swapId,
      network: record.network,
      currency: record.currency,
      address: record.address,
      amount: record.amount.toString(),
      deposited: record.deposited.toString(),
      requestedAt: record.requestedAt,
    },
  };
}
