import type { CurrencyCode, Network } from '@swap/domain';
import type { SignedTransaction } from './chain-sender';

/** A block's place in the chain. */
export interface BlockRef {
  height: number;
  hash: string;
}

/**
 * Value arriving at an address: one output of a UTXO transaction, one native transfer or one
 * token transfer (log). `(txid, index)` names it for good within its network, so a redelivery or a
 * rescan can never count it twice.
 */
export interface ChainTransfer {
  txid: string;
  /** Output number (UTXO), log index (token) or 0 (native account transfer). */
  index: number;
  /** The native coin of the network or one of its tokens (USDTTRC on TRX, USDTERC on ETH). */
  currency: CurrencyCode;
  to: string;
  /** Base units of `currency`. */
  amount: bigint;
  /** Sending addresses where the chain shows them (empty for Monero): skips the treasury's own. */
  from: string[];
  /**
   * UTXO chains: the coins (`<txid>:<vout>`) the transaction spends. Another transaction spending
   * one of them replaced it (a fee bump, RBF) or double-spent it: it can never be mined.
   */
  spends?: string[];
}

export interface ChainBlock extends BlockRef {
  parentHash: string;
  /** UNIX seconds. */
  time: number;
  transfers: ChainTransfer[];
}

/** Where a transaction stands. A failed transaction was mined but did not move the value. */
/**
 * A mined transaction. `fee` is what it paid, where the chain charges less than the fee signed for
 * (EVM: gas used × effective gas price, against gas limit × max fee); absent where the signed fee
 * is what was paid (UTXO chains, Monero).
 */
interface Mined {
  height: number;
  blockHash: string;
  confirmations: number;
  time: number;
  fee?: bigint;
}

export type TxStatus =
  | { state: 'unknown' }
  | { state: 'mempool' }
  | ({ state: 'confirmed' } & Mined)
  | ({ state: 'failed'; reason: string } & Mined);

/**
 * Read access to one network, with no keys: what watchers (and the treasury, for confirmations
 * and balances) need. The devnet and every real node implement it; nothing above this interface
 * knows which one it talks to.
 */
export interface ChainReader {
  readonly network: Network;
  tip(): Promise<BlockRef>;
  /** The block at `height` on the current best chain, or null above the tip. */
  blockAt(height: number): Promise<ChainBlock | null>;
  /** Transfers of transactions waiting in the mempool (0 confirmations). */
  mempool(): Promise<ChainTransfer[]>;
  transaction(txid: string): Promise<TxStatus>;
  /** Confirmed balance of `address` in `currency` (native coin or token), base units. */
  balance(address: string, currency: CurrencyCode): Promise<bigint>;
  /**
   * Addresses up to `index` of the account have been handed out: a reader that sees deposits
   * through a node-side wallet (Monero subaddresses) makes it look for them. Idempotent; absent
   * where every address is visible on the chain itself.
   */
  expectAddresses?(index: number): Promise<void>;
  /**
   * Chains whose transactions carry a deadline (Tron's expiration, Solana's recent blockhash):
   * whether the node proves that `tx` can never be included any more, its deadline being behind
   * the chain's final part (Tron's solidified block, Solana's finalized one) while no block holds
   * it. The proof in words, or null while it might still land; only then may the transfer be
   * signed again. Absent where a signed transaction never expires.
   */
  neverLands?(tx: SignedTransaction): Promise<string | null>;
  /**
   * Which chain the node is on, as a stable string: `genesis <hash>` (UTXO, Monero, Tron, Solana),
   * `chain id <n>, genesis <hash>` (EVM), `devnet, block 0 <hash>` (a devnet, new with its data).
   * Services pin it in their own schema at first start and stop when a node answers with another.
   */
  identity(): Promise<string>;
  /**
   * Checks, before anything is read or sent, that the node answers and is the chain its settings
   * name (genesis, network, token contract); throws an Error naming the variable to fix.
   */
  verify?(): Promise<void>;
}
