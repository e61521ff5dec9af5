import type { DataSource } from 'typeorm';
import type { CurrencyCode } from '@swap/domain';

/** A recorded entry with the batch (effect) it belongs to. */
export interface RecordedEntry {
  batch: string;
  memo: string;
  account: string;
  currency: CurrencyCode;
  amount: bigint;
  /** UNIX milliseconds. */
  at: number;
}

interface EntryRow {
  batch: string;
  memo: string;
  account: string;
  currency: CurrencyCode;
  amount: string;
  at: Date;
}

export class LedgerRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Every entry of a swap's batches, in the order they were recorded. */
  async entriesOfSwap(swapId: string): Promise<RecordedEntry[]> {
    const rows: EntryRow[] = await this.dataSource.query(
      `SELECT b.key AS batch, b.memo, e.account, e.currency, e.amount, b.created_at AS at
       FROM ledger_batches b JOIN ledger_entries e ON e.batch_key = b.key
       WHERE b.swap_id = $1 ORDER BY b.created_at, e.id`,
      [swapId],
    );
    return rows.map((row) => ({ ...row, amount: BigInt(row.amount), at: row.at.getTime() }));
  }

  /**
   * What `account` took from each of the swaps, per currency, as a positive amount (revenue
   * accounts are credited: their entries are negative). Swaps it took nothing from are left out.
   */
  async earnedFromSwaps(
    account: string,
    swapIds: readonly string[],
  ): Promise<Array<{ swapId: string; currency: CurrencyCode; amount: bigint }>> {
    const rows: Array<{ swap_id: string; currency: CurrencyCode; earned: string }> =
      await this.dataSource.query(
        `SELECT b.swap_id, e.currency, -sum(e.amount) AS earned
       FROM ledger_batches b JOIN ledger_entries e ON e.batch_key = b.key
       WHERE b.swap_id = ANY($2::text[]) AND e.account = $1
       GROUP BY b.swap_id, e.currency HAVING sum(e.amount) <> 0
       ORDER BY b.swap_id, e.currency`,
        [account, swapIds],
      );
    return rows.map((row) => ({ swapId: row.swap_id, currency: row.currency, amount: BigInt(row.earned) }));
  }

  /** Balance of an account in each currency it holds. */
  async balances(account: string): Promise<Map<CurrencyCode, bigint>> {
    const rows: Array<{ currency: CurrencyCode; total: string }> = await this.dataSource.query(
      `SELECT currency, sum(amount) AS total FROM ledger_entries WHERE account = $1 GROUP BY currency`,
      [account],
    );
    return new Map(rows.map((row) => [row.currency, BigInt(row.total)]));
  }
}
