import type { DataSource } from 'typeorm';
import type { CurrencyCode, Network } from '@swap/domain';
import { queryPrepared, type PreparedStatement } from '@swap/persistence';
import type { TransferState, TransferKind } from '@swap/treasury-domain';
import type { Transfer } from './transfer';

/** A row of treasury.transfers as pg returns it (numeric columns come back as strings). */
export interface TransferRow {
  id: string;
  kind: TransferKind;
  swap_id: string | null;
  network: Network;
  currency: CurrencyCode;
  from_index: number;
  to_address: string;
  amount: string;
  state: TransferState;
  txid: string | null;
  raw: string | null;
  fee: string | null;
  fee_currency: CurrencyCode | null;
  fee_paid: string | null;
  tx_key: string | null;
  valid_until: string | null;
  generation: number;
  last_error: string | null;
  refused: boolean;
  confirmations: number;
  failure: string | null;
  attempts: number;
  next_attempt_at: Date;
  version: number;
  reported_version: number;
  cleared_at: Date | null;
  hold_reason: string | null;
  approved_at: Date | null;
}

/** TransferRow's columns, named (prepared statements must not return `*`: a migration would change their shape). */
export const TRANSFER_COLUMNS = [
  'id',
  'kind',
  'swap_id',
  'network',
  'currency',
  'from_index',
  'to_address',
  'amount',
  'state',
  'txid',
  'raw',
  'fee',
  'fee_currency',
  'fee_paid',
  'tx_key',
  'valid_until',
  'generation',
  'last_error',
  'refused',
  'confirmations',
  'failure',
  'attempts',
  'next_attempt_at',
  'version',
  'reported_version',
  'cleared_at',
  'hold_reason',
  'approved_at',
] as const satisfies ReadonlyArray<keyof TransferRow>;

// Every field of TransferRow is read: a column added to the row and not to the list fails to compile.
type Unread = Exclude<keyof TransferRow, (typeof TRANSFER_COLUMNS)[number]>;
export const EVERY_TRANSFER_COLUMN_READ: [Unread] extends [never] ? true : Unread = true;

/** The column list for a SELECT or RETURNING, qualified by `alias` when given. */
export const transferColumns = (alias?: string): string =>
  TRANSFER_COLUMNS.map((column) => (alias ? `${alias}.${column}` : column)).join(', ');

export function rowToTransfer(row: TransferRow): Transfer {
  const signed =
    row.raw !== null && row.txid !== null && row.fee !== null && row.fee_currency !== null
      ? {
          network: row.network,
          txid: row.txid,
          raw: row.raw,
          fee: BigInt(row.fee),
          feeCurrency: row.fee_currency,
          txKey: row.tx_key,
          validUntil: row.valid_until === null ? null : Number(row.valid_until),
        }
      : null;
  return {
    id: row.id,
    kind: row.kind,
    swapId: row.swap_id,
    network: row.network,
    currency: row.currency,
    fromIndex: row.from_index,
    to: row.to_address,
    amount: BigInt(row.amount),
    state: row.state,
    signed,
    feePaid: row.fee_paid === null ? null : BigInt(row.fee_paid),
    confirmations: row.confirmations,
    failure: row.failure,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at.getTime(),
    lastError: row.last_error,
    refused: row.refused,
    generation: row.generation,
    version: row.version,
    reportedVersion: row.reported_version,
    clearedAt: row.cleared_at?.getTime() ?? null,
    holdReason: row.hold_reason,
    approvedAt: row.approved_at?.getTime() ?? null,
  };
}

/** The transfers a prepared statement over treasury.transfers returns. */
export async function queryTransfers(
  dataSource: DataSource,
  statement: PreparedStatement,
  params: unknown[],
): Promise<Transfer[]> {
  return (await queryPrepared<TransferRow>(dataSource, statement, params)).map(rowToTransfer);
}
