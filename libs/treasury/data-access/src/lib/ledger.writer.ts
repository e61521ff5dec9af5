import type { EntityManager } from 'typeorm';
import { assertBalanced, type LedgerBatch } from './ledger';

/** Writes ledger batches inside the caller's transaction, next to the change they record. */
export class LedgerWriter {
  /** False when a batch with this key was already recorded (the effect is not counted twice). */
  async post(manager: EntityManager, batch: LedgerBatch): Promise<boolean> {
    assertBalanced(batch);
    const inserted: unknown[] = await manager.query(
      `INSERT INTO ledger_batches (key, swap_id, memo) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO NOTHING RETURNING key`,
      [batch.key, batch.swapId, batch.memo],
    );
    if (inserted.length === 0) return false;
    const values = batch.entries.map((_, i) => `($1, $${3 * i + 2}, $${3 * i + 3}, $${3 * i + 4})`);
    await manager.query(
      `INSERT INTO ledger_entries (batch_key, account, currency, amount) VALUES ${values.join(', ')}`,
      [batch.key, ...batch.entries.flatMap((e) => [e.account, e.currency, e.amount.toString()])],
    );
    return true;
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
