import type { EntityManager } from 'typeorm';
import { queryPreparedIn, type PreparedStatement } from '@swap/persistence';
import { assertBalanced, type LedgerBatch } from './ledger';

// Every signing, settlement and swap event the treasury books runs these: prepared per connection.
const INSERT_BATCHES: PreparedStatement = {
  name: 'ledger_insert_batches',
  text: `INSERT INTO ledger_batches (key, swap_id, memo)
     SELECT b.key, b.swap_id, b.memo FROM jsonb_to_recordset($1::jsonb) AS b(key text, swap_id text, memo text)
     ON CONFLICT (key) DO NOTHING RETURNING key`,
};

const INSERT_ENTRIES: PreparedStatement = {
  name: 'ledger_insert_entries',
  text: `INSERT INTO ledger_entries (batch_key, account, currency, amount)
     SELECT e->>'key', e->>'account', e->>'currency', (e->>'amount')::numeric
     FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(e, position) ORDER BY position`,
};

/** Writes ledger batches inside the caller's transaction, next to the change they record. */
export class LedgerWriter {
  /** False when a batch with this key was already recorded (the effect is not counted twice). */
  async post(manager: EntityManager, batch: LedgerBatch): Promise<boolean> {
    return (await this.postAll(manager, [batch])).length > 0;
  }

  /** Posts several batches in two statements; returns the keys recorded now (not before). */
  async postAll(manager: EntityManager, batches: readonly LedgerBatch[]): Promise<string[]> {
    if (batches.length === 0) return [];
    batches.forEach(assertBalanced);
    const inserted = await queryPreparedIn<{ key: string }>(manager, INSERT_BATCHES, [
      JSON.stringify(batches.map((b) => ({ key: b.key, swap_id: b.swapId, memo: b.memo }))),
    ]);
    const keys = inserted.map((row) => row.key);
    const entries = batches
      .filter((b) => keys.includes(b.key))
      .flatMap((b) => b.entries.map((e) => ({ ...e, key: b.key, amount: e.amount.toString() })));
    if (entries.length > 0) await queryPreparedIn(manager, INSERT_ENTRIES, [JSON.stringify(entries)]);
    return keys;
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
