import { CURRENCIES, Swap } from '@swap/domain';
import { SwapEffect } from '@swap/engine-domain';
import { MoneyAttempts, OutboxMessage } from '@swap/engine-data';
import { outboxMessage } from './outbox.contracts';

export interface MoneyCommands {
  messages: OutboxMessage[];
  attempts: MoneyAttempts;
}

/**
 * The commands a transition's effects send to the services that move money, written to the outbox
 * with the swap's new state. The swap's own payout or refund attempt is named by the swap and the
 * version that started it; a later deposit's payout and a deposit's return carry the id the state
 * machine gave them. Either way a re-applied transition names the same attempt, which is paid once.
 */
export function moneyCommands(saved: Swap, effects: readonly SwapEffect[], now: number): MoneyCommands {
  const result: MoneyCommands = { messages: [], attempts: {} };
  for (const effect of effects) {
    if (effect.kind === 'RequestPayout') {
      const payoutId = effect.payoutId ?? `${saved.id}-payout-${saved.version}`;
      const network = CURRENCIES[saved.to].network;
      if (effect.payoutId === undefined) result.attempts.payoutId = payoutId;
      result.messages.push(
        outboxMessage('treasuryPayoutRequested', payoutId, {
          payoutId,
          swapId: saved.id,
          network,
          currency: saved.to,
          address: effect.address,
          amount: effect.amount.toString(),
          requestedAt: now,
        }),
      );
    }
    if (effect.kind === 'RequestRefund' || effect.kind === 'RequestReturn') {
      const own = effect.kind === 'RequestRefund';
      const refundId = own ? `${saved.id}-refund-${saved.version}` : effect.id;
      const network = CURRENCIES[saved.from].network;
      if (own) result.attempts.refundId = refundId;
      result.messages.push(
        outboxMessage('refundRequested', refundId, {
          refundId,
          swapId: saved.id,
          network,
          currency: saved.from,
          address: effect.address,
          amount: effect.amount.toString(),
          deposited: (own ? saved.amountDeposited : effect.deposited).toString(),
          requestedAt: now,
        }),
      );
    }
  }
  return result;
}
