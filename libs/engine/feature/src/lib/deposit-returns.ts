import type { DepositReturn as DepositReturnMessage } from '@swap/contracts';
import { CURRENCIES, type DepositReturn, type Swap } from '@swap/domain';
import type { OutboxMessage } from '@swap/engine-data';
import { outboxMessage } from './outbox.contracts';

const STATE = {
  REQUESTED: 'requested',
  SENT: 'sent',
  CONFIRMED: 'confirmed',
  FAILED: 'failed',
} as const;

/** A return as the contracts carry it; null while it has no address (nothing was asked of anyone). */
export function depositReturnView(swap: Swap, ret: DepositReturn): DepositReturnMessage | null {
  if (ret.state === 'WAITING' || ret.amount <= 0n) return null;
  return {
    returnId: ret.id,
    swapId: swap.id,
    depositId: ret.deposit,
    network: CURRENCIES[swap.from].network,
    currency: swap.from,
    address: ret.address ?? '',
    deposited: ret.deposited.toString(),
    amount: ret.amount.toString(),
    state: STATE[ret.state],
    txid: ret.tx?.id ?? null,
    fee: ret.tx?.fee == null ? null : ret.tx.fee.toString(),
    feeCurrency: ret.tx?.feeCurrency ?? null,
    confirmations: ret.tx?.confirmations ?? 0,
    reason: ret.reason,
    requestedAt: ret.requestedAt,
    updatedAt: swap.time.update,
  };
}

/** A deposit's latest return as operators see it, waiting for an address included. */
export function depositReturnShown(swap: Swap, ret: DepositReturn) {
  const view = depositReturnView(swap, { ...ret, state: ret.state === 'WAITING' ? 'REQUESTED' : ret.state });
  if (!view) return null;
  return ret.state === 'WAITING' ? { ...view, state: 'waiting' as const, address: null } : view;
}

/**
 * The events of the returns whose state a transition changed, for the treasury's books and sweeps:
 * one per return and state, de-duplicated by it.
 */
export function depositReturnEvents(before: Swap, after: Swap): OutboxMessage[] {
  const messages: OutboxMessage[] = [];
  for (const ret of after.returns) {
    const previous = before.returns.find((r) => r.id === ret.id);
    if (previous?.state === ret.state) continue;
    const view = depositReturnView(after, ret);
    if (!view) continue;
    messages.push(
      outboxMessage('depositReturnUpdated', `${ret.id}:${view.state}`, {
        ...view,
        depositAddress: after.depositAddress,
        depositIndex: after.depositIndex,
      }),
    );
  }
  return messages;
}
