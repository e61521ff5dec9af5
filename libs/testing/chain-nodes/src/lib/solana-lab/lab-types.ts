import type { KeyPairSigner } from '@solana/kit';

export type Commitment = 'processed' | 'confirmed' | 'finalized';

export interface SolanaLabOptions {
  /** ms between produced blocks (one slot each); 0 = only on demand (produceBlock). Default 400. */
  slotMs?: number;
  /** Blocks behind the newest that count as `confirmed` (default 1) and `finalized` (default 8; mainnet is ~32). */
  confirmDepth?: number;
  finalizeDepth?: number;
  /** Blocks a blockhash stays valid: lastValidBlockHeight = blockHeight + this (default 150, as mainnet). */
  blockhashValidity?: number;
}

export interface LandedTransaction {
  signature: string;
  slot: number;
  /** The transaction error as the RPC prints it (e.g. `{ InsufficientFundsForRent: { account_index: 1 } }`). */
  err: unknown | null;
  /** Lamports the fee payer was charged (base fee and priority fee). */
  fee: bigint;
}

export interface SolanaLab {
  /** http://127.0.0.1:PORT */
  readonly rpcUrl: string;
  /** base58, random per lab */
  readonly genesisHash: string;
  /** A funded customer keypair: funded by a real faucet transfer that is in a produced block on return. */
  newPayer(lamports: bigint): Promise<KeyPairSigner>;
  /** A real System transfer signed by `from`, sent with preflight; resolves to its signature once it is in a produced block. */
  transfer(from: KeyPairSigner, to: string, lamports: bigint): Promise<string>;
  /** Funds `address` from the lab's faucet with a real System transfer (appears in a block like any transfer). */
  fund(address: string, lamports: bigint): Promise<string>;
  /** Balance as of the block at `commitment` (default `processed`, the newest block). */
  balance(address: string, commitment?: Commitment): bigint;
  /** Closes the open slot as a block (empty blocks too). */
  produceBlock(): Promise<void>;
  produceBlocks(n: number): Promise<void>;
  /** The next n slots have no block (leader skipped). */
  skipSlots(n: number): void;
  /**
   * A fork: the newest `depth` blocks (none of them finalized, else throws) are replaced by depth+1 new blocks
   * holding the same transactions except `drop` (signatures), which are gone for good. Balances follow.
   */
  rollback(options: { depth: number; drop?: string[] }): Promise<void>;
  /** The next `count` transactions sent through sendTransaction are answered with their signature and never land. */
  loseTransactions(count: number): void;
  /** Transactions that landed, in block order. */
  landed(): LandedTransaction[];
  stop(): Promise<void>;
}
