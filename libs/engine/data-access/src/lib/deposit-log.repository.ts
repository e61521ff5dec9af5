import { DataSource } from 'typeorm';
import type { CurrencyCode } from '@swap/domain';
import { BatchLookup, BatchWriter, queryPrepared, type PreparedStatement } from '@swap/persistence';

/** One deposit as a watcher last reported it. */
export interface DepositRecord {
  depositId: string;
  swapId: string;
  currency: CurrencyCode;
  address: string;
  txid: string;
  index: number;
  amount: bigint;
  confirmations: number;
  blockHeight: number | null;
  blockHash: string | null;
  reverted: boolean;
  /** Reverted because this transaction spent the same coins (a fee bump or a double spend). */
  replacedBy: string | null;
}

/** A logged deposit with when the engine first heard of it (UNIX seconds). */
export interface LoggedDepositRecord extends DepositRecord {
  firstSeenAt: number;
  /** Added up in the swap's credit (rule 1). */
  credited: boolean;
}

/** What record() found: the report stored, and whether the swap's credit included the deposit. */
export interface RecordedDeposit {
  credited: boolean;
}

interface DepositRow {
  deposit_id: string;
  swap_id: string;
  currency: CurrencyCode;
  address: string;
  txid: string;
  tx_index: number;
  amount: string;
  confirmations: number;
  block_height: string | null;
  block_hash: string | null;
  reverted: boolean;
  replaced_by: string | null;
  credited: boolean;
  first_seen: string;
}

/**
 * Every deposit report runs it, and the reports handled in the same turn share it: prepared once
 * per connection. A row is written unless it holds a later report already (a higher report_seq).
 */
const RECORD_MANY: PreparedStatement = {
  name: 'deposits_record_many',
  text: `INSERT INTO deposits (deposit_id, swap_id, currency, address, txid, tx_index, amount, confirmations,
                           block_height, block_hash, reverted, replaced_by, report_seq)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS v(deposit_id text, swap_id text, currency text,
       address text, txid text, tx_index integer, amount numeric(78,0), confirmations integer,
       block_height bigint, block_hash text, reverted boolean, replaced_by text, report_seq bigint)
     ON CONFLICT (deposit_id) DO UPDATE SET
       amount = EXCLUDED.amount, confirmations = EXCLUDED.confirmations, block_height = EXCLUDED.block_height,
       block_hash = EXCLUDED.block_hash, reverted = EXCLUDED.reverted, replaced_by = EXCLUDED.replaced_by,
       report_seq = EXCLUDED.report_seq,
       updated_at = now()
     WHERE deposits.report_seq <= EXCLUDED.report_seq
     RETURNING deposit_id, credited`,
};

/** Every deposit report reads its swap's deposits back (to credit them together): batched too. */
const FOR_SWAPS: PreparedStatement = {
  name: 'deposits_for_swaps',
  text: `SELECT deposit_id, swap_id, currency, address, txid, tx_index, amount, confirmations, block_height,
         block_hash, reverted, replaced_by, credited, extract(epoch FROM first_seen_at)::bigint AS first_seen
         FROM deposits WHERE swap_id = ANY($1::text[]) ORDER BY first_seen_at, deposit_id`,
};

interface ReportWrite {
  deposit: DepositRecord;
  seq: number;
}

/**
 * Every deposit the watchers reported, whether the swap's state machine took it or not (a late
 * deposit to an expired swap, a further deposit): operators find them here, nothing is forgotten.
 */
export class DepositLogRepository {
  private readonly reports: BatchWriter<ReportWrite, RecordedDeposit | null>;
  private readonly bySwap: BatchLookup<string, LoggedDepositRecord[]>;

  constructor(private readonly dataSource: DataSource) {
    this.reports = new BatchWriter((writes) => this.recordMany(writes), {
      keyOf: (write) => write.deposit.depositId,
    });
    this.bySwap = new BatchLookup((swapIds) => this.forSwaps(swapIds));
  }

  /**
   * Stores the deposit as this report tells it, unless a later report of it (a higher inbox stream
   * sequence `seq`) is stored already. The same report again is stored again (a redelivery after a
   * crash must still be applied). Null when the report is older than the stored state.
   */
  async record(deposit: DepositRecord, seq: number): Promise<RecordedDeposit | null> {
    return this.reports.write({ deposit, seq });
  }

  /** The swap's deposits, oldest first. */
  async forSwap(swapId: string): Promise<LoggedDepositRecord[]> {
    return (await this.bySwap.load(swapId)) ?? [];
  }

  private async recordMany(writes: ReportWrite[]): Promise<Array<RecordedDeposit | null>> {
    const input = writes.map(({ deposit, seq }) => ({
      deposit_id: deposit.depositId,
      swap_id: deposit.swapId,
      currency: deposit.currency,
      address: deposit.address,
      txid: deposit.txid,
      tx_index: deposit.index,
      amount: deposit.amount.toString(),
      confirmations: deposit.confirmations,
      block_height: deposit.blockHeight,
      block_hash: deposit.blockHash,
      reverted: deposit.reverted,
      replaced_by: deposit.replacedBy,
      report_seq: seq,
    }));
    const rows = await queryPrepared<{ deposit_id: string; credited: boolean }>(
      this.dataSource,
      RECORD_MANY,
      [JSON.stringify(input)],
    );
    const stored = new Map(rows.map((row) => [row.deposit_id, row.credited]));
    return writes.map(({ deposit }) => {
      const credited = stored.get(deposit.depositId);
      return credited === undefined ? null : { credited };
    });
  }

  private async forSwaps(swapIds: string[]): Promise<Map<string, LoggedDepositRecord[]>> {
    const rows = await queryPrepared<DepositRow>(this.dataSource, FOR_SWAPS, [swapIds]);
    const found = new Map<string, LoggedDepositRecord[]>();
    for (const row of rows) {
      const deposits = found.get(row.swap_id) ?? [];
      deposits.push(rowToDeposit(row));
      found.set(row.swap_id, deposits);
    }
    return found;
  }
}

function rowToDeposit(row: DepositRow): LoggedDepositRecord {
  return {
    depositId: row.deposit_id,
    swapId: row.swap_id,
    currency: row.currency,
    address: row.address,
    txid: row.txid,
    index: row.tx_index,
    amount: BigInt(row.amount),
    confirmations: row.confirmations,
    blockHeight: row.block_height === null ? null : Number(row.block_height),
    blockHash: row.block_hash,
    reverted: row.reverted,
    replacedBy: row.replaced_by,
    credited: row.credited,
    firstSeenAt: Number(row.first_seen),
  };
}
