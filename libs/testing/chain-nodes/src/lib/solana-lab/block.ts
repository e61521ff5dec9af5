import type { Execution, GenesisAccount } from './runtime';
import type { DecodedTx } from './wire';

export interface LandedTx {
  readonly tx: DecodedTx;
  readonly exec: Execution;
  /** micro-lamports per compute unit the transaction bid (getRecentPrioritizationFees) */
  readonly unitPrice: bigint;
}

export interface Block {
  readonly slot: number;
  readonly parentSlot: number;
  readonly blockHeight: number;
  readonly blockhash: string;
  readonly previousBlockhash: string;
  readonly blockTime: number;
  readonly txs: readonly LandedTx[];
}

/** Where a landed transaction is: `block` is null while it waits in the open slot. */
export interface Located {
  readonly landed: LandedTx;
  readonly block: Block | null;
}

export interface LedgerConfig {
  readonly confirmDepth: number;
  readonly finalizeDepth: number;
  readonly blockhashValidity: number;
  readonly genesis: readonly GenesisAccount[];
}
