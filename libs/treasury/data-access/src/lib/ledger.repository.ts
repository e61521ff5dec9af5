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

export interface EarnedQuery {
  account: string;
  apiKey: string;
  /** [since, until) of the swaps' creation, unix s. */
  since: number;
  until: number;
}

export interface EarnedTotal {
  /** The swaps' source currency. */
  from: CurrencyCode;
  /** The currency the account was credited in. */
  currency: CurrencyCode;
  amount: bigint;
}

/**
 * The key's books created in [$2, $3) through swap_books_key_created, then their batches and the
 * entries of account $4 through the ledger's own indexes; totals of zero left out. Exported for
 * the test that checks its plan (ledger-earned.int-spec.ts).
 */
export const PARTNER_FEES_BY_PAIR = `SELECT s.currency AS "from", e.currency, (-sum(e.amount))::text AS earned
  FROM swap_books s
  JOIN ledger_batches b ON b.swap_id = s.swap_id
  JOIN ledger_entries e ON e.batch_key = b.key
  WHERE s.api_key = $1 AND s.created >= $2 AND s.created < $3 AND e.account = $4
  GROUP BY 1, 2 HAVING sum(e.amount) <> 0
  ORDER BY 1, 2`;

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
   * What a key's revenue `account` took from the key's swaps created in [since, until), per source
   * currency and fee currency, as a positive amount (revenue accounts are credited: their entries
   * are negative). One aggregate over the range's books (PARTNER_FEES_BY_PAIR).
   */
  async earnedByPair(query: EarnedQuery): Promise<EarnedTotal[]> {
    const { account, apiKey, since, until } = query;
    const rows: Array<{ from: CurrencyCode; currency: CurrencyCode; earned: string }> =
      await this.dataSource.query(PARTNER_FEES_BY_PAIR, [apiKey, since, until, account]);
    return rows.map((row) => ({ from: row.from, currency: row.currency, amount: BigInt(row.earned) }));
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
