import type { EntityManager } from 'typeorm';
import { queryPreparedIn, type PreparedStatement } from '@swap/persistence';
import { assertBalanced, type LedgerBatch } from './ledger';

/**
 * The CTEs `batches` and `entries` that record ledger batches, for a statement of their own or a
 * larger one: `batchesParam` holds the batches (key, swap_id, memo) and `entriesParam` their entries
 * (key, account, currency, amount), both as JSON; with `when`, a SQL condition, nothing is recorded
 * unless it holds. The entries of a batch already recorded are left out (its effect is not counted
 * twice); `batches` returns the keys recorded now.
 */
export function ledgerInsertCtes(batchesParam: string, entriesParam: string, when = 'true'): string {
  return `batches AS (
       INSERT INTO ledger_batches (key, swap_id, memo)
       SELECT b.key, b.swap_id, b.memo
       FROM jsonb_to_recordset(${batchesParam}::jsonb) AS b(key text, swap_id text, memo text)
       WHERE ${when}
       ON CONFLICT (key) DO NOTHING RETURNING key
     ), entries AS (
       INSERT INTO ledger_entries (batch_key, account, currency, amount)
       SELECT x.e->>'key', x.e->>'account', x.e->>'currency', (x.e->>'amount')::numeric
       FROM jsonb_array_elements(${entriesParam}::jsonb) WITH ORDINALITY AS x(e, position)
       WHERE x.e->>'key' IN (SELECT key FROM batches)
       ORDER BY x.position
     )`;
}

/** The two JSON parameters of ledgerInsertCtes for `batches`, each checked to balance first. */
export function ledgerParams(batches: readonly LedgerBatch[]): [string, string] {
  batches.forEach(assertBalanced);
  return [
    JSON.stringify(batches.map((b) => ({ key: b.key, swap_id: b.swapId, memo: b.memo }))),
    JSON.stringify(
      batches.flatMap((b) => b.entries.map((e) => ({ ...e, key: b.key, amount: e.amount.toString() }))),
    ),
  ];
}

// Every signing, settlement and swap event the treasury books runs this: prepared per connection,
// one round trip for the batches and their entries.
const POST: PreparedStatement = {
  name: 'ledger_post',
  text: `WITH ${ledgerInsertCtes('$1', '$2')} SELECT key FROM batches`,
};

/** Writes ledger batches inside the caller's transaction, next to the change they record. */
export class LedgerWriter {
  /** False when a batch with this key was already recorded (the effect is not counted twice). */
  async post(manager: EntityManager, batch: LedgerBatch): Promise<boolean> {
    return (await this.postAll(manager, [batch])).length > 0;
  }

  /** Posts several batches in one statement; returns the keys recorded now (not before). */
  async postAll(manager: EntityManager, batches: readonly LedgerBatch[]): Promise<string[]> {
    if (batches.length === 0) return [];
    const inserted = await queryPreparedIn<{ key: string }>(manager, POST, ledgerParams(batches));
    return inserted.map((row) => row.key);
  }

  /** Posts the exact opposite of batch `original` as `key` (an effect undone); false if nothing to do. */
  async reverse(manager: EntityManager, original: string, key: string, memo: string): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO ledger_batches (key, swap_id, memo)
       SELECT $2, swap_id, $3 FROM ledger_batches WHERE key = $1
       ON CONFLICT (key) DO NOTHING RETURNING key`,
      [original, key, memo],
    );
    if (inserted.length === 0) return false;
    await manager.query(
      `INSERT INTO ledger_entries (batch_key, account, currency, amount)
       SELECT $2, account, currency, -amount FROM ledger_entries WHERE batch_key = $1 ORDER BY id`,
      [original, key],
    );
    return true;
  }
}
