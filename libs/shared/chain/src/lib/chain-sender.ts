import type { AddressKey } from '@swap/chain-keys';
import type { CurrencyCode, Network } from '@swap/domain';
import type { TransactionReplacer } from './replacement';

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
  /**
   * What the transaction does: move `amount` to `to` (the default), or (Tron) lend `to` the energy
   * of `amount` sun of the sender's staked TRX, or take that energy back. Only senders with
   * `energyLending` take the last two.
   */
  action?: 'transfer' | 'lend-energy' | 'reclaim-energy';
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
  /**
   * Where the chain gives a transaction a deadline, the last moment it may be included: Solana's
   * lastValidBlockHeight (a block height), Tron's expiration (UNIX ms). Null or absent where a
   * signed transaction stays valid until it lands (UTXO, EVM nonces, Monero).
   */
  validUntil?: number | null;
}

export type BroadcastResult =
  /** Accepted now, or already known to the node (a repeated broadcast of the same bytes). */
  | { accepted: true }
  /**
   * Refused (invalid, double spend, insufficient funds). `nonceTaken`: on a chain with nonces,
   * another transaction already used this one's nonce, so these bytes can never land and giving
   * them up leaves no gap. `expired`: the node refused it because its deadline (validUntil, or
   * its reference block) has passed; whether it can still land is for ChainReader.neverLands to say.
   */
  | { accepted: false; reason: string; nonceTaken?: true; expired?: true };

/** One transfer of a batch to sign, and the key of the address it leaves from. */
export interface SigningItem {
  order: TransferOrder;
  signer: AddressSigner;
}

/**
 * Thrown by sign()/signBatch() when the transfer cannot be signed yet for a reason that passes by
 * itself (Monero outputs still locked, the hot wallet's coins not confirmed yet, the gas price above
 * what a sweep's balance allows): the treasury tries again later without counting a failed attempt.
 */
export class SenderNotReady extends Error {
  override readonly name = 'SenderNotReady';
}

/**
 * The order can never be signed as it stands (an amount below the chain's dust limit): asking
 * again cannot help, so the transfer fails at once. The message is the sender's own words, safe to
 * pass on (no node address or secret in it).
 */
export class UnsignableTransfer extends Error {
  override readonly name = 'UnsignableTransfer';
}

/** What a real node's sender needs from the treasury, and only the treasury has. */
export interface SenderKeys {
  /** The key of address `index` of the network's account: 0 is the hot wallet, 1… deposit addresses. */
  signer(index: number): AddressSigner;
  /** The network's account public key, as `<NETWORK>_XPUB` (D11). */
  accountPublic: string;
  /** XMR only: the wallet's secret keys (hex), to restore the spending wallet in monero-wallet-rpc. */
  moneroWallet?(): { address: string; spendKey: string; viewKey: string };
}

/** The treasury's own record of what it signed: an account chain's next nonce must count these. */
export interface PendingTransactions {
  /** Transactions signed from `address` and stored, neither confirmed nor failed yet, oldest first. */
  signedFrom(address: string): Promise<SignedTransaction[]>;
}

/**
 * `sign` of a sender whose batch shares one round of node reads (Tron's reference block, Solana's
 * blockhash): a batch of one.
 */
export async function signAsBatch(
  sender: Pick<ChainSender, 'signBatch'>,
  order: TransferOrder,
  signer: AddressSigner,
): Promise<SignedTransaction> {
  const [tx] = await sender.signBatch([{ order, signer }]);
  return tx;
}

/** Building, signing and broadcasting on one network (treasury side). */
export interface ChainSender {
  readonly network: Network;
  /** Most transfers signBatch takes at once, where the chain limits one transaction's outputs. */
  readonly maxBatch?: number;
  /**
   * An address's transfers carry consecutive nonces (EVM): one the node refuses holds up every
   * later one, which would wait in the node's queue for the missing nonce. Unless its nonce was
   * taken meanwhile, such a refusal is retried, not given up, and nothing is sent behind it.
   */
  readonly nonces?: true;
  /**
   * Each transaction stands alone (Tron, Solana: no nonces, no inputs chained from another): one
   * waiting out a backoff holds up none of the others. Absent where order matters (nonces, UTXO
   * change spent by the next payout).
   */
  readonly independent?: true;
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
  /**
   * The native-coin fee a transfer of `currency` costs (for gas top-ups before token sweeps, and
   * what a coin sweep leaves for its fee); `route` names the sweep's addresses where the cost
   * depends on them (a TRC-20 transfer's energy, simulated from the deposit address).
   */
  estimateFee(currency: CurrencyCode, route?: { from: string; to: string }): Promise<bigint>;
  /**
   * Tron with TRX_SWEEP_ENERGY=delegate: a token sweep's energy is lent from the hot wallet's staked
   * TRX instead of burnt. The deposit address first gets `activation` (it must exist to be lent
   * energy); `stake(currency)` is the sun of stake whose energy pays one sweep of `currency`, or
   * null while the hot wallet cannot lend that much (the sweep then burns, topped up as usual).
   */
  readonly energyLending?: {
    activation: bigint;
    stake(currency: CurrencyCode, depositAddress: string): Promise<bigint | null>;
  };
  /**
   * Addresses up to `index` of the account have been handed out: a node-side wallet that must know
   * them in advance to spend what they receive (a UTXO node's watch-only wallet, Monero
   * subaddresses) learns them now (the devnet's BTC, LTC and XMR wallets too). Idempotent and cheap
   * when already known; absent where each address spends only its own balance (account chains,
   * whose deposits are swept).
   */
  expectAddresses?(index: number): Promise<void>;
  /**
   * Fee bumps of a stuck transaction, nonce fillers on nonce chains and CPFP children on UTXO
   * chains, for the operator's `swapctl treasury bump | fill-nonce | cpfp`. Absent where the
   * network offers none.
   */
  readonly replacer?: TransactionReplacer;
}
