import type { CurrencyCode, Network } from '@swap/domain';

/**
 * mempool: waiting to be mined; block: in a block of the followed chain; orphaned: its block left
 * the chain and it was not seen again yet; reverted: in neither the chain nor the mempool.
 */
export type DepositState = 'mempool' | 'block' | 'orphaned' | 'reverted';

/** A transfer to a watched address, as first seen. */
export interface DepositSighting {
  /** `<network>:<txid>:<index>`. */
  id: string;
  network: Network;
  swapId: string;
  address: string;
  currency: CurrencyCode;
  txid: string;
  index: number;
  /** Base units of `currency`. */
  amount: bigint;
  requiredConfirmations: number;
  /** UNIX milliseconds. */
  seenAt: number;
  /** UTXO chains: the coins (`<txid>:<vout>`) its transaction spends; empty elsewhere. */
  spends: string[];
}

export interface Deposit extends DepositSighting {
  state: DepositState;
  blockHeight: number | null;
  blockHash: string | null;
  /** Height of the followed chain when a mempool deposit was first missing from the mempool. */
  missingSince: number | null;
  /** Reverted because this transaction spent its coins (a fee bump or a double spend). */
  replacedBy: string | null;
  /** The count at the last report. */
  confirmations: number;
  /** De-duplication id of the last message JetStream acknowledged; null before the first. */
  publishedId: string | null;
  /** Different states reported so far: the next report's round, part of its message id. */
  reports: number;
  /** Nothing left to report: enough confirmations, or reverted (until the chain says otherwise). */
  settled: boolean;
}

export interface DepositRow {
  id: string;
  network: Network;
  swap_id: string;
  address: string;
  currency: CurrencyCode;
  txid: string;
  output_index: number;
  amount: string;
  required_confirmations: number;
  seen_at: string;
  spends: string[];
  replaced_by: string | null;
  state: DepositState;
  block_height: string | null;
  block_hash: string | null;
  missing_since: string | null;
  confirmations: number;
  published_id: string | null;
  reports: number;
  settled: boolean;
}

const numberOrNull = (value: string | null): number | null => (value === null ? null : Number(value));

export function rowToDeposit(row: DepositRow): Deposit {
  return {
    id: row.id,
    network: row.network,
    swapId: row.swap_id,
    address: row.address,
    currency: row.currency,
    txid: row.txid,
    index: row.output_index,
    amount: BigInt(row.amount),
    requiredConfirmations: row.required_confirmations,
    seenAt: Number(row.seen_at),
    spends: row.spends,
    replacedBy: row.replaced_by,
    state: row.state,
    blockHeight: numberOrNull(row.block_height),
    blockHash: row.block_hash,
    missingSince: numberOrNull(row.missing_since),
    confirmations: row.confirmations,
    publishedId: row.published_id,
    reports: row.reports,
    settled: row.settled,
  };
}

/** Columns and values of a new deposit, for INSERT statements ($1…$11). */
export const SIGHTING_COLUMNS =
  'id, network, swap_id, address, currency, txid, output_index, amount, required_confirmations, seen_at, spends';

export function sightingValues(s: DepositSighting): unknown[] {
  return [
    s.id,
    s.network,
    s.swapId,
    s.address,
    s.currency,
    s.txid,
    s.index,
    s.amount.toString(),
    s.requiredConfirmations,
    s.seenAt,
    s.spends,
  ];
}

/** A deposit outside any block (in state `from`) whose coins transaction `by` spent. */
export interface Replacement {
  id: string;
  from: DepositState;
  by: string;
}
