import type { ChainTransfer } from '@swap/chain';
import type { Network } from '@swap/domain';

/** Addresses of the watch list a block's deposits are drawn from. */
export interface Pools {
  open: string[];
  late: string[];
  known: Array<{ txid: string; address: string }>;
}

/**
 * One network's case of the watcher bench: how its watch list is seeded and what its blocks look
 * like. `block` does the untimed work (building the block as the node would answer it) and returns
 * the timed part: turning that answer into the transfers the matcher gets, as the network's
 * reader does.
 */
export interface WatcherCase {
  network: Network;
  /** The figure for this network (50 ms: Solana makes 2.5 blocks a second). */
  targetP99Ms: number;
  /** The resident-memory figure, where the issue sets one (issue 5's 300 MB for LTC). */
  targetRssMb: number | null;
  /** Transfers (LTC) or transactions (SOL) a block holds by default. */
  defaultBlockSize: number;
  hotWallet: string;
  /** SQL giving the address of watch-list row `i` (an integer column `i`): the network's shape. */
  addressSql: string;
  /** SQL giving the txid of known deposit `seq`. */
  txidSql: string;
  /** The index (output, account) a known deposit is seen again at. */
  knownIndex: number;
  block(seed: number, size: number, watched: number, pools: Pools): () => ChainTransfer[];
}
