import type { AddressKey } from '@swap/chain-keys';
import type { CurrencyCode, Network } from '@swap/domain';

/**
 * The key of one address, held by the treasury only: index 0 is the network's hot wallet, 1… are
 * deposit addresses. Derived by @swap/chain-keys (see addressSigner).
 */
export type AddressSigner = AddressKey;

/** One value transfer the treasury wants to make. */
export interface TransferOrder {
  currency: CurrencyCode;
  to: string;
  /** Base units of `currency` the recipient receives. */
  amount: bigint;
}

/**
 * A signed transaction, ready to broadcast. The treasury persists it before the first broadcast
 * and, after any crash, broadcasts exactly these bytes again: never a re-signed transaction.
 */
export interface SignedTransaction {
  network: Network;
  txid: string;
  /** The serialized signed transaction (hex, or the chain's usual encoding). */
  raw: string;
  /** Network fee the sender pays, in `feeCurrency` base units (the network's native coin). */
  fee: bigint;
  feeCurrency: CurrencyCode;
  /** Monero only: the transaction key that proves the payment. */
  txKey: string | null;
}

export type BroadcastResult =
  /** Accepted now, or already known to the node (a repeated broadcast of the same bytes). */
  | { accepted: true }
  /** Refused for good (invalid, double spend, insufficient funds): these bytes will never land. */
  | { accepted: false; reason: string };

/** One transfer of a batch to sign, and the key of the address it leaves from. */
export interface SigningItem {
  order: TransferOrder;
  signer: AddressSigner;
}

/** Building, signing and broadcasting on one network (treasury side). */
export interface ChainSender {
  readonly network: Network;
  /** Builds and signs a transfer from `signer`'s address; nothing leaves the process. */
  sign(order: TransferOrder, signer: AddressSigner): Promise<SignedTransaction>;
  /**
   * Signs transfers that will be broadcast in this order, one after the other: an address's later
   * transfers follow its earlier ones (the next nonces on an account chain), so none has to reach
   * the node before the next is signed. Nothing leaves the process; one signature per item.
   */
  signBatch(items: readonly SigningItem[]): Promise<SignedTransaction[]>;
  /** Idempotent: the same bytes twice are one transaction. Throws only when the node is unreachable. */
  broadcast(tx: SignedTransaction): Promise<BroadcastResult>;
  /**
   * Broadcasts in this order (one request where the node takes batches): one result per
   * transaction. Throws only when the node is unreachable; it may have taken some of them then,
   * which the same bytes sent again find already known.
   */
  broadcastBatch(txs: readonly SignedTransaction[]): Promise<BroadcastResult[]>;
  /** The native-coin fee a transfer of `currency` costs (for gas top-ups before token sweeps). */
  estimateFee(currency: CurrencyCode): Promise<bigint>;
}
