import { DataSource, EntityManager } from 'typeorm';
import { Swap } from '@swap/domain';
import { BatchLookup, BatchWriter, queryPrepared, type PreparedStatement } from '@swap/persistence';
import { rowToSwap, SWAP_COLUMN_TYPES, SWAP_COLUMNS, SwapRow, swapToRecord, swapToValues } from './swap-row';
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
const recordColumns = SWAP_COLUMNS.map((column) => `${column} ${SWAP_COLUMN_TYPES[column]}`).join(', ');
const assignments = SWAP_COLUMNS.map((column) => `${column} = v.${column}`).join(', ');

/** One transition to persist: the swap's new state, computed from the version it carries. */
interface TransitionWrite {
  next: Swap;
  messages: OutboxMessage[];
  money: MoneyAttempts;
  credited: readonly string[];
}

/**
 * The transitions of many swaps in one statement (a group commit), so one round trip and atomic by
 * itself: each swap's guarded update, and only for a swap whose update took its row, the outbox
 * rows in the order given and the deposits its credit added up. Every transition of every swap
 * runs it: prepared once per connection. $2 repeats the ids, so the rows are reached by their
 * index whatever the planner guesses of the JSON's size (it chose a scan of every swap without).
 */
const SAVE_TRANSITIONS: PreparedStatement = {
  name: 'swaps_save_transitions',
  text: `WITH input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS v(
         position integer, id text, expected integer, ${recordColumns},
         payout_id text, refund_id text, messages jsonb, credited text[])
     ), changed AS (
       UPDATE swaps s SET ${assignments}, version = s.version + 1,
         payout_id = COALESCE(v.payout_id, s.payout_id), refund_id = COALESCE(v.refund_id, s.refund_id)
       FROM input v WHERE s.id = v.id AND s.version = v.expected AND s.id = ANY($2::text[])
       RETURNING s.id
     ), relayed AS (
       ${outboxInsertSelect('input v JOIN changed c ON c.id = v.id', 'v.messages', 'v.position')}
     ), credited AS (
       UPDATE deposits d SET credited = true, updated_at = now()
       FROM input v JOIN changed c ON c.id = v.id
       WHERE d.swap_id = v.id AND d.deposit_id = ANY(v.credited) AND d.swap_id = ANY($2::text[])
     )
     SELECT id FROM changed`,
};

/**
 * The actor's read before each input, for every swap read in the same turn at once: prepared once
 * per connection, with its columns named (a prepared result must not change shape under a migration).
 */
const FIND_MANY_WITH_ATTEMPTS: PreparedStatement = {
  name: 'swaps_find_many_with_attempts',
  text: `SELECT id, request_id, deposit_index, ${columns}, seq, payout_id, refund_id, version
         FROM swaps WHERE id = ANY($1::text[])`,
};

/**
 * The swaps, the actors' state. Reads and transitions of different swaps made in the same
 * event-loop turn share one statement (the actors of a burst of inputs commit together); each
 * caller still gets its own swap's answer.
 */
export class SwapRepository {
  private readonly outbox = new OutboxWriter();
  private readonly lookups: BatchLookup<string, SwapRow>;
  private readonly transitions: BatchWriter<TransitionWrite, boolean>;

  constructor(private readonly dataSource: DataSource) {
    this.lookups = new BatchLookup((ids) => this.findMany(ids));
    this.transitions = new BatchWriter((writes) => this.saveMany(writes), {
      keyOf: (write) => write.next.id,
    });
  }

  async find(id: string): Promise<Swap | null> {
    return (await this.findWithAttempts(id))?.swap ?? null;
  }

  /** The swap with the payout and refund attempts it waits on, in one read. */
  async findWithAttempts(id: string): Promise<{ swap: Swap; attempts: MoneyAttempts } | null> {
    const row = await this.lookups.load(id);
    return row ? { swap: rowToSwap(row), attempts: attemptsOf(row) } : null;
  }

  async findByRequestId(requestId: string): Promise<Swap | null> {
    const rows: SwapRow[] = await this.dataSource.query('SELECT * FROM swaps WHERE request_id = $1', [
      requestId,
    ]);
    return rows[0] ? rowToSwap(rows[0]) : null;
  }

  /**
   * The newest swaps first (of one status, when given), read in that order from an index: those of
   * one second in the order they were created.
   */
  async list(status: string | null, limit: number): Promise<Swap[]> {
    const rows: SwapRow[] =
      status === null
        ? await this.dataSource.query('SELECT * FROM swaps ORDER BY time_reg DESC, seq DESC LIMIT $1', [
            limit,
          ])
        : await this.dataSource.query(
            'SELECT * FROM swaps WHERE status = $1 ORDER BY time_reg DESC, seq DESC LIMIT $2',
            [status, limit],
          );
    return rows.map(rowToSwap);
  }

  /** Real swaps (dry-runs left out) per status, for the metrics. */
  async countByStatus(): Promise<Map<string, number>> {
    const rows: Array<{ status: string; count: string }> = await this.dataSource.query(
      'SELECT status, count(*) AS count FROM swaps WHERE NOT dryrun GROUP BY status',
    );
    return new Map(rows.map((row) => [row.status, Number(row.count)]));
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
    build: (depositIndex: number | null) => Omit<Swap, 'seq'>,
    counter: string | null,
    event: (swap: Swap) => OutboxMessage,
    indexOffset = 0,
  ): Promise<Swap> {
    return this.dataSource.transaction(async (manager) => {
      const index = counter === null ? null : (await this.allocateIndex(manager, counter)) + indexOffset;
      const built = { ...build(index), version: 1 };
      const [{ seq }]: Array<{ seq: string }> = await manager.query(
        `INSERT INTO swaps (id, request_id, deposit_index, ${columns}, version)
         VALUES ($1, $2, $3, ${placeholders}, 1) RETURNING seq`,
        [built.id, requestId, index, ...swapToValues(built)],
      );
      const swap = { ...built, seq: Number(seq) };
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
    const changed = await this.transitions.write({
      next,
      messages: [messages(saved)].flat(),
      money,
      credited,
    });
    if (!changed) throw new StaleSwapError(next.id);
    return saved;
  }

  private async findMany(ids: string[]): Promise<Map<string, SwapRow>> {
    const rows = await queryPrepared<SwapRow>(this.dataSource, FIND_MANY_WITH_ATTEMPTS, [ids]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Whether each write's guarded update took its swap's row. */
  private async saveMany(writes: TransitionWrite[]): Promise<boolean[]> {
    const input = writes.map(({ next, messages, money, credited }, position) => ({
      position,
      id: next.id,
      expected: next.version,
      ...swapToRecord(next),
      payout_id: money.payoutId ?? null,
      refund_id: money.refundId ?? null,
      messages,
      credited,
    }));
    const rows = await queryPrepared<{ id: string }>(this.dataSource, SAVE_TRANSITIONS, [
      JSON.stringify(input),
      writes.map((write) => write.next.id),
    ]);
    const changed = new Set(rows.map((row) => row.id));
    return writes.map((write) => changed.has(write.next.id));
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
