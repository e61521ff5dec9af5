import type { Block } from './ledger';
import { accountsTransaction, fullTransaction, type TxViewOptions } from './tx-json';

export type TransactionDetails = 'full' | 'accounts' | 'signatures' | 'none';

/** getBlock's result (agave's UiConfirmedBlock): members that a detail level leaves out are absent. */
export function blockJson(
  block: Block,
  options: TxViewOptions & { details: TransactionDetails },
): Record<string, unknown> {
  const { details } = options;
  const transactions =
    details === 'full'
      ? block.txs.map((landed) => fullTransaction(landed, options))
      : details === 'accounts'
        ? block.txs.map((landed) => accountsTransaction(landed, options))
        : undefined;
  return {
    blockHeight: block.blockHeight,
    blockTime: block.blockTime,
    blockhash: block.blockhash,
    parentSlot: block.parentSlot,
    previousBlockhash: block.previousBlockhash,
    transactions,
    signatures: details === 'signatures' ? block.txs.map((landed) => landed.tx.signature) : undefined,
    // No leader identity here, so no fee rewards to list.
    rewards: options.rewards ? [] : undefined,
  };
}
