import type { ChainBlock, ChainTransfer } from '@swap/chain';
import type { DevnetBlockRecord, DevnetTxRecord } from '@swap/devnet-data';

/** The value a transaction moves, as a chain reader reports it. */
export function transferOf(tx: DevnetTxRecord): ChainTransfer {
  // Monero hides senders; genesis funding has none.
  const from = tx.network === 'XMR' || tx.kind === 'genesis' ? [] : [tx.from];
  return { txid: tx.txid, index: 0, currency: tx.currency, to: tx.to, amount: tx.amount, from };
}

/** A block with the transfers of its transactions that moved value (not the failed ones). */
export function chainBlock(record: DevnetBlockRecord, txs: DevnetTxRecord[]): ChainBlock {
  const { height, hash, parentHash, time } = record;
  const transfers = txs.filter((tx) => tx.state === 'confirmed').map(transferOf);
  return { height, hash, parentHash, time, transfers };
}
