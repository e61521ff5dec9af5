import type { SignedTransaction } from '@swap/chain';
import type { CurrencyCode, Network } from '@swap/domain';
import type { TransferFacts, TransferKind } from '@swap/treasury-domain';
import type { LedgerBatch } from './ledger';

/** What to send, fixed when the transfer is planned. */
export interface PlannedTransfer {
  /** payoutId, or `refund:<requestId>`, `sweep:<swapId>`, `gas:<swapId>`: a repeat is the same transfer. */
  id: string;
  kind: TransferKind;
  swapId: string | null;
  network: Network;
  currency: CurrencyCode;
  /** Derivation index of the signing address: 0 is the hot wallet, ≥ 1 a deposit address. */
  fromIndex: number;
  to: string;
  /** Base units the recipient receives. */
  amount: bigint;
}

/** A stored transfer: its plan, the facts its lifecycle (@swap/treasury-domain) reads, and its bytes. */
export interface Transfer extends PlannedTransfer, TransferFacts {
  /** Set from SIGNED on: the bytes every (re-)broadcast sends. */
  signed: SignedTransaction | null;
  /** What the mined transaction paid, where that is less than `signed.fee` (see FeeSettlement). */
  feePaid: bigint | null;
  failure: string | null;
  /** How many times the transfer was signed again after a transaction of it expired unlanded. */
  generation: number;
  /** When the payout policy let it leave (UNIX ms): within the limits, or approved; null before. */
  clearedAt: number | null;
  /** Why it was held (the limit it is above), kept once an operator decided. */
  holdReason: string | null;
  /** When an operator approved it after a hold (UNIX ms). */
  approvedAt: number | null;
  /** Bumped by every change; progress is reported for versions above `reportedVersion`. */
  version: number;
  reportedVersion: number;
}

/**
 * The fee a mined transaction paid, below the signed one (EVM charges the gas used at the block's
 * price), and the ledger batch that gives the difference back to the account that paid it.
 */
export interface FeeSettlement {
  paid: bigint;
  batch: LedgerBatch | null;
}

/** Amounts the hot wallets have promised and not yet seen confirmed, per currency (base units). */
export type Reservations = Map<CurrencyCode, bigint>;
