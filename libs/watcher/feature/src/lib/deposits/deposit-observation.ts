import type { DepositObserved } from '@swap/contracts';
import type { Deposit } from '@swap/watcher-data';

/** Confirmations of a deposit when the chain is followed up to `height`: 0 outside a block. */
export function confirmationsAt(deposit: Deposit, height: number): number {
  if (deposit.state !== 'block' || deposit.blockHeight === null) return 0;
  return Math.max(0, height - deposit.blockHeight + 1);
}

/**
 * What the engine is told about a deposit. The count stops at the currency's requirement, so once
 * there the message (and its de-duplication id) stops changing.
 */
export function observation(deposit: Deposit, height: number, observedAt: number): DepositObserved {
  const mined = deposit.state === 'block';
  return {
    kind: 'deposit',
    swapId: deposit.swapId,
    network: deposit.network,
    currency: deposit.currency,
    address: deposit.address,
    depositId: deposit.id,
    txid: deposit.txid,
    index: deposit.index,
    amount: deposit.amount.toString(),
    confirmations: Math.min(confirmationsAt(deposit, height), deposit.requiredConfirmations),
    blockHeight: mined ? deposit.blockHeight : null,
    blockHash: mined ? deposit.blockHash : null,
    reverted: deposit.state === 'reverted',
    ...(deposit.state === 'reverted' && deposit.replacedBy ? { replacedBy: deposit.replacedBy } : {}),
    observedAt,
  };
}

/** Nothing more to tell until the chain changes: confirmed enough, or gone. */
export function isSettled(deposit: Deposit, height: number): boolean {
  if (deposit.state === 'reverted') return true;
  return deposit.state === 'block' && confirmationsAt(deposit, height) >= deposit.requiredConfirmations;
}
