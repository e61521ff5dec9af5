import { DataSource, EntityManager } from 'typeorm';
import { Swap } from '@swap/domain';
import { queryPrepared, type PreparedStatement } from '@swap/persistence';
import { rowToSwap, SWAP_COLUMNS, SwapRow, swapToValues } from './swap-row';
import { OutboxMessage, outboxInsertSelect, OutboxWriter } from './outbox.writer';

/** Another writer changed the swap since it was read: re-read and apply the event again. */
export class StaleSwapError extends Error {
  constructor(id: string) {
    super(`swap ${id} changed concurrently`);
  }
}

/** Ids of the payout and refund attempts a swap waits on. */
export interface MoneyAttempts {
  payoutId?: string;
  refundId?: string;
}

const columns = SWAP_COLUMNS.join(', ');
const placeholders = SWAP_COLUMNS.map((_, i) => `$${i + 4}`).join(', ');
const assignments = SWAP_COLUMNS.map((column, i) => `${column} = $${i + 3}`).join(', ');
const n = SWAP_COLUMNS.length + 3;

/**
 * A transition in one statement, so one round trip and atomic by itself: the outbox rows are
 * written only when the guarded update took the row (they join its RETURNING), in the order given.
 * Every transition of every swap runs it: prepared once per connection.
 */
const SAVE_TRANSITION: PreparedStatement = {
  name: 'swaps_save_transition',
  text: `WITH changed AS (
       UPDATE swaps SET ${assignments}, version = version + 1,
         payout_id = COALESCE($${n}, payout_id), refund_id = COALESCE($${n + 1}, refund_id)
       WHERE id = $1 AND version = $2 RETURNING id
     ), relayed AS (
       ${outboxInsertSelect(`$${n + 2}`, 'changed')}
     ), credited AS (
       UPDATE deposits SET credited = true, updated_at = now()
       WHERE deposit_id = ANY($${n + 3}::text[]) AND swap_id = $1 AND EXISTS (SELECT 1 FROM changed)
     )
     SELECT count(*)::int AS changed FROM changed`,
};

/**
 * The actor's read before each input: every input of every swap runs it, so prepared once per
 * connection, with its columns named (a prepared result must not change shape under a migration).
 */
const FIND_WITH_ATTEMPTS: PreparedStatement = {
  name: 'swaps_find_with_attempts',
  text: `SELECT id, request_id, deposit_index, ${columns}, payout_id, refund_id, version
         FROM swaps WHERE id = $1`,
};

export class SwapRepository {
  private readonly outbox = new OutboxWriter();

  constructor(private readonly dataSource: DataSource) {}

  async find(id: string): Promise<Swap | null> {
    return (await this.findWithAttempts(id))?.swap ?? null;
  }

  /** The swap with the payout and refund attempts it waits on, in one read. */
  async findWithAttempts(id: string): Promise<{ swap: Swap; attempts: MoneyAttempts } | null> {
    const rows = await queryPrepared<SwapRow>(this.dataSource, FIND_WITH_ATTEMPTS, [id]);
    return rows[0] ? { swap: rowToSwap(rows[0]), attempts: attemptsOf(rows[0]) } : null;
  }

  async findByRequestId(requestId: string): Promise<Swap | null> {
    const rows: SwapRow[] = await this.dataSource.query('SELECT * FROM swaps WHERE request_id = $1', [
      requestId,
    ]);
    return rows[0] ? rowToSwap(rows[0]) : null;
  }

  async list(status: string | null, limit: number): Promise<Swap[]> {
    const rows: SwapRow[] = await this.dataSource.query(
      `SELECT * FROM swaps WHERE ($1::text IS NULL OR status = $1) ORDER BY time_reg DESC, id LIMIT $2`,
      [status, limit],
    );
    return rows.map(rowToSwap);
  }

  /** Ids of real swaps still waiting for a deposit after their payment window. */
  async findExpiredIds(now: number, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM swaps WHERE status = 'NEW' AND NOT dryrun AND time_expiration <= $1 ORDER BY time_expiration LIMIT $2`,
      [now, limit],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Inserts a new swap (version 1) and its event in one transaction. The deposit index is taken
   * from `counter` inside the same transaction, so an index is never handed out twice; it is
   * counter value + `indexOffset` (dry-runs derive their addresses from a range of their own), and
   * that derived index is what `build` gets and what the row records.
   */
  async insertNew(
    requestId: string,
    build: (depositIndex: number | null) => Swap,
    counter: string | null,
    event: (swap: Swap) => OutboxMessage,
    indexOffset = 0,
  ): Promise<Swap> {
    return this.dataSource.transaction(async (manager) => {
      const index = counter === null ? null : (await this.allocateIndex(manager, counter)) + indexOffset;
      const swap = { ...build(index), version: 1 };
      await manager.query(
        `INSERT INTO swaps (id, request_id, deposit_index, ${columns}, version) VALUES ($1, $2, $3, ${placeholders}, 1)`,
        [swap.id, requestId, index, ...swapToValues(swap)],
      );
      await this.outbox.write(manager, event(swap));
      return swap;
    });
  }

  /**
   * Persists a transition guarded by the version it was computed from, with its outbox messages
   * (built from the saved swap, so their ids carry its new version). `money` records a payout or
   * refund attempt the transition started: progress reports of any other attempt are ignored.
   * `credited`: the logged deposits a crediting transition added up, marked in the same statement.
   */
  async saveTransition(
    next: Swap,
    messages: (saved: Swap) => OutboxMessage | OutboxMessage[],
    money: MoneyAttempts = {},
    credited: readonly string[] = [],
  ): Promise<Swap> {
    const saved = { ...next, version: next.version + 1 };
    const rows = await queryPrepared<{ changed: number }>(this.dataSource, SAVE_TRANSITION, [
      next.id,
      next.version,
      ...swapToValues(next),
      money.payoutId ?? null,
      money.refundId ?? null,
      JSON.stringify([messages(saved)].flat()),
      credited,
    ]);
    if (rows[0]?.changed !== 1) throw new StaleSwapError(next.id);
    return saved;
  }

  private async allocateIndex(manager: EntityManager, network: string): Promise<number> {
    // Index 0 is reserved (for Monero it is the wallet's primary address), so deposits start at 1.
    const rows: Array<{ index: string }> = await manager.query(
      `INSERT INTO address_counters (network, next_index) VALUES ($1, 2)
       ON CONFLICT (network) DO UPDATE SET next_index = address_counters.next_index + 1
       RETURNING next_index - 1 AS index`,
      [network],
    );
    return Number(rows[0].index);
  }
}

function attemptsOf(row: Pick<SwapRow, 'payout_id' | 'refund_id'>): MoneyAttempts {
  return { payoutId: row.payout_id ?? undefined, refundId: row.refund_id ?? undefined };
}
