import type { AddressSigner, SignedTransaction } from './chain-sender';

/** A fee bump of a stuck transaction: the same payment, at a higher fee. */
export interface BumpRequest {
  /** The transaction to replace (its bytes as stored). */
  tx: SignedTransaction;
  /** The key of the address it leaves from (account chains; a UTXO sender finds each input's key). */
  signer: AddressSigner;
  /** Transfers paid by this one transaction (a UTXO batch): the new fee is shared among them. */
  shares: number;
  /**
   * The operator's fee: sat/vB on UTXO chains, maxFeePerGas in gwei on EVM. Absent: the current
   * market's, and at least what the node requires of a replacement.
   */
  feeRate?: bigint;
}

/** A zero-value transfer to `to` (the hot wallet) at the nonce of `tx`: whichever lands, the other cannot. */
export interface FillRequest {
  tx: SignedTransaction;
  signer: AddressSigner;
  to: string;
  /** maxFeePerGas in gwei; absent: the market's, and at least 10 % above the stuck transaction's. */
  feeRate?: bigint;
}

/** A child paying for a stuck parent (CPFP): it spends the parent's change back to the hot wallet. */
export interface ChildRequest {
  tx: SignedTransaction;
  /** sat/vB the parent and child pay together; absent: the market's, at least twice the parent's. */
  feeRate?: bigint;
}

/**
 * Replacements of a signed transaction that conflict with it (the same inputs, the same nonce), so
 * that at most one of them ever lands. Nothing leaves the process: the treasury stores what these
 * return before anything is broadcast. Errors the operator can act on are UnsignableTransfer.
 */
export interface TransactionReplacer {
  /** One signed transaction per share (a batch's shares carry the same txid and raw bytes). */
  bump(request: BumpRequest): Promise<SignedTransaction[]>;
  /** Account chains with nonces only. */
  fill?(request: FillRequest): Promise<SignedTransaction>;
  /**
   * UTXO chains only: not a replacement but a CPFP child, for nodes that relay no replacements
   * (Litecoin Core's default): it can land only with its parent, and makes mining both pay.
   */
  childPays?(request: ChildRequest): Promise<SignedTransaction>;
}
