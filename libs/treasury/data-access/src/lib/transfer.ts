import type { SignedTransaction } from '@swap/chain';
import type { CurrencyCode, Network } from '@swap/domain';
import type { LedgerBatch } from './ledger';
import type { TransferState } from './lifecycle/transfer.events';

/**
 * payout: to a swap's user (treasuryPayoutRequested); refund: signed for the refunds service;
 * sweep: a deposit address's balance to the hot wallet; gas: native coin to a deposit address so
 * its token balance can be swept; delegate / undelegate (Tron): the hot wallet's staked energy lent
 * to a deposit address for its token sweep, and taken back (amount: the sun of stake behind it).
 */
export type TransferKind = 'payout' | 'refund' | 'sweep' | 'gas' | 'delegate' | 'undelegate';

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

export interface Transfer extends PlannedTransfer {
  /** PLANNED → SIGNED (bytes stored) → BROADCAST → CONFIRMED | FAILED: lifecycle/transfer.transitions.ts. */
  state: TransferState;
  /** Set from SIGNED on: the bytes every (re-)broadcast sends. */
  signed: SignedTransaction | null;
  /** What the mined transaction paid, where that is less than `signed.fee` (see FeeSettlement). */
  feePaid: bigint | null;
  confirmations: number;
  failure: string | null;
  /** Failed attempts to sign or reach the node; the next try waits until `nextAttemptAt` (ms). */
  attempts: number;
  nextAttemptAt: number;
  /** What went wrong last (a node's refusal, an unreachable node), cleared once a node accepts it. */
  lastError: string | null;
  /** The node refused the signed bytes for a reason other than their deadline (and has not taken them since). */
  refused: boolean;
  /** How many times the transfer was signed again after a transaction of it expired unlanded. */
  generation: number;
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
