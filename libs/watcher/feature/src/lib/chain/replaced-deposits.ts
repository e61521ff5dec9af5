import type { ChainTransfer } from '@swap/chain';
import type { Deposit, Replacement } from '@swap/watcher-data';

/**
 * The deposits outside any block whose coins a transaction among `transfers` (the mempool, or a
 * block) spends: a fee bump (RBF) or a double spend took their place, and they can never be
 * mined. Only UTXO transactions name the coins they spend; other chains' deposits never match.
 */
export function replacedDeposits(
  unmined: readonly Deposit[],
  transfers: readonly ChainTransfer[],
): Replacement[] {
  const spentBy = new Map<string, string>();
  for (const transfer of transfers)
    for (const coin of transfer.spends ?? []) spentBy.set(coin, transfer.txid);
  if (spentBy.size === 0) return [];
  const replaced: Replacement[] = [];
  for (const deposit of unmined) {
    if (deposit.state === 'block') continue;
    const by = deposit.spends.map((coin) => spentBy.get(coin)).find((txid) => txid && txid !== deposit.txid);
    if (by) replaced.push({ id: deposit.id, from: deposit.state, by });
  }
  return replaced;
}
