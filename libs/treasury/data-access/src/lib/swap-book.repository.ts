import type { DataSource, EntityManager } from 'typeorm';
import type { CurrencyCode, Network } from '@swap/domain';
import { queryPrepared, queryPreparedIn, type PreparedStatement } from '@swap/persistence';
import type { LedgerBatch } from './ledger';
import { LedgerWriter } from './ledger.writer';

/** What the treasury knows of a real swap from its events. */
export interface SwapBook {
  swapId: string;
  /** The source currency: what the deposit address received. */
  currency: CurrencyCode;
  network: Network;
  depositAddress: string;
  depositIndex: number | null;
  /** Deposit (base units) the ledger has recorded so far. */
  deposited: bigint;
  /** The swap's key and creation time (unix s), for the per-key statistics; a return's event has neither. */
  apiKey: string | null;
  created: number | null;
}

/** Ledger writes inside the transaction that holds a swap's book. */
export interface BookTransaction {
  /** Posts batches in one statement; returns the keys recorded now (not before). */
  postAll(batches: readonly LedgerBatch[]): Promise<string[]>;
  reverse(original: string, key: string, memo: string): Promise<boolean>;
  isRecorded(key: string): Promise<boolean>;
  setDeposited(amount: bigint): Promise<void>;
}

interface BookRow {
  swap_id: string;
  currency: CurrencyCode;
  network: Network;
  deposit_address: string;
  deposit_index: number | null;
  deposited: string;
  api_key: string | null;
  created: string | null;
}

const toBook = (row: BookRow): SwapBook => ({
  swapId: row.swap_id,
  currency: row.currency,
  network: row.network,
  depositAddress: row.deposit_address,
  depositIndex: row.deposit_index,
  deposited: BigInt(row.deposited),
  apiKey: row.api_key,
  created: row.created === null ? null : Number(row.created),
});

// Every swap event the treasury books runs these: prepared statements, their columns named.
const BOOK_COLUMNS =
  'swap_id, currency, network, deposit_address, deposit_index, deposited, api_key, created';
const FIND: PreparedStatement = {
  name: 'swap_books_find',
  text: `SELECT ${BOOK_COLUMNS} FROM swap_books WHERE swap_id = $1`,
};
/** A new book, with the values bookParams gives. */
const NEW_BOOK = `INSERT INTO swap_books (swap_id, currency, network, deposit_address, deposit_index, api_key, created)
                  VALUES ($1, $2, $3, $4, $5, $6, $7)`;
const INSERT: PreparedStatement = {
  name: 'swap_books_insert',
  text: `${NEW_BOOK} ON CONFLICT (swap_id) DO NOTHING`,
};
/**
 * Creates the book unless it exists, and locks it either way (the update takes the row lock),
 * filling in the key and creation time a book lacks (opened by a return, or before they were kept).
 */
const OPEN: PreparedStatement = {
  name: 'swap_books_open',
  text: `${NEW_BOOK} ON CONFLICT (swap_id) DO UPDATE
         SET api_key = coalesce(swap_books.api_key, EXCLUDED.api_key),
             created = coalesce(swap_books.created, EXCLUDED.created)
         RETURNING ${BOOK_COLUMNS}`,
};
const COVERS: PreparedStatement = {
  name: 'swap_books_covers',
  text: `SELECT deposited >= $2::numeric
           AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM ledger_batches WHERE key = $3)) AS covered
         FROM swap_books WHERE swap_id = $1`,
};
const IS_RECORDED: PreparedStatement = {
  name: 'ledger_batches_exists',
  text: 'SELECT 1 FROM ledger_batches WHERE key = $1',
};
const SET_DEPOSITED: PreparedStatement = {
  name: 'swap_books_set_deposited',
  text: 'UPDATE swap_books SET deposited = $2 WHERE swap_id = $1',
};

const bookParams = (init: SwapBook) => [
  init.swapId,
  init.currency,
  init.network,
  init.depositAddress,
  init.depositIndex,
  init.apiKey,
  init.created,
];

export class SwapBookRepository {
  private readonly ledger = new LedgerWriter();

  constructor(private readonly dataSource: DataSource) {}

  async find(swapId: string): Promise<SwapBook | null> {
    const [row] = await queryPrepared<BookRow>(this.dataSource, FIND, [swapId]);
    return row ? toBook(row) : null;
  }

  /**
   * Whether the book already holds `deposited` (or more) and, when given, the batch `batchKey`:
   * then an event that says no more changes nothing, and is told by this one read.
   */
  async covers(swapId: string, deposited: bigint, batchKey: string | null): Promise<boolean> {
    const rows = await queryPrepared<{ covered: boolean }>(this.dataSource, COVERS, [
      swapId,
      deposited.toString(),
      batchKey,
    ]);
    return rows[0]?.covered === true;
  }

  /** Records the swap's book unless it exists. */
  async ensure(init: SwapBook): Promise<void> {
    await queryPrepared(this.dataSource, INSERT, bookParams(init));
  }

  /**
   * Runs `work` in one transaction with the swap's book locked (created from `init` when new), so
   * the book and the ledger batches it leads to commit together, one event of a swap at a time.
   */
  async withBook<T>(init: SwapBook, work: (book: SwapBook, tx: BookTransaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await queryPreparedIn<BookRow>(manager, OPEN, bookParams(init));
      return work(toBook(rows[0]), this.transaction(manager, init.swapId));
    });
  }

  private transaction(manager: EntityManager, swapId: string): BookTransaction {
    return {
      postAll: (batches) => this.ledger.postAll(manager, batches),
      reverse: (original, key, memo) => this.ledger.reverse(manager, original, key, memo),
      isRecorded: async (key) => (await queryPreparedIn(manager, IS_RECORDED, [key])).length > 0,
      setDeposited: async (amount) => {
        await queryPreparedIn(manager, SET_DEPOSITED, [swapId, amount.toString()]);
      },
    };
  }
}
