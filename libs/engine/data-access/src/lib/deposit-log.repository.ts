import { DataSource } from 'typeorm';
import type { CurrencyCode } from '@swap/domain';
import { queryPrepared, type PreparedStatement } from '@swap/persistence';

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
  credited: boolean;
  first_seen: string;
}

/** Every deposit report runs it: prepared once per connection. */
const RECORD: PreparedStatement = {
  name: 'deposits_record',
  text: `INSERT INTO deposits (deposit_id, swap_id, currency, address, txid, tx_index, amount, confirmations,
                           block_height, block_hash, reverted, report_seq)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (deposit_id) DO UPDATE SET
       amount = EXCLUDED.amount, confirmations = EXCLUDED.confirmations, block_height = EXCLUDED.block_height,
       block_hash = EXCLUDED.block_hash, reverted = EXCLUDED.reverted, report_seq = EXCLUDED.report_seq,
       updated_at = now()
     WHERE deposits.report_seq <= EXCLUDED.report_seq
     RETURNING credited`,
};

/** Every deposit report reads the swap's deposits back (to credit them together): prepared too. */
const FOR_SWAP: PreparedStatement = {
  name: 'deposits_for_swap',
  text: `SELECT deposit_id, swap_id, currency, address, txid, tx_index, amount, confirmations, block_height,
         block_hash, reverted, credited, extract(epoch FROM first_seen_at)::bigint AS first_seen
         FROM deposits WHERE swap_id = $1 ORDER BY first_seen_at, deposit_id`,
};

/**
 * Every deposit the watchers reported, whether the swap's state machine took it or not (a late
 * deposit to an expired swap, a further deposit): operators find them here, nothing is forgotten.
 */
export class DepositLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Stores the deposit as this report tells it, unless a later report of it (a higher inbox stream
   * sequence `seq`) is stored already. The same report again is stored again (a redelivery after a
   * crash must still be applied). Null when the report is older than the stored state.
   */
  async record(deposit: DepositRecord, seq: number): Promise<RecordedDeposit | null> {
    const rows = await queryPrepared<{ credited: boolean }>(this.dataSource, RECORD, [
      deposit.depositId,
      deposit.swapId,
      deposit.currency,
      deposit.address,
      deposit.txid,
      deposit.index,
      deposit.amount.toString(),
      deposit.confirmations,
      deposit.blockHeight,
      deposit.blockHash,
      deposit.reverted,
      seq,
    ]);
    return rows[0] ? { credited: rows[0].credited } : null;
  }

  async forSwap(swapId: string): Promise<LoggedDepositRecord[]> {
    const rows = await queryPrepared<DepositRow>(this.dataSource, FOR_SWAP, [swapId]);
    return rows.map((row) => ({
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
      credited: row.credited,
      firstSeenAt: Number(row.first_seen),
    }));
  }
}
