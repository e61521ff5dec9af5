import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The gateway's per-key statistics ask what a key's partner account earned from its swaps created
 * in a range. The ledger knows when a fee was booked, not when its swap was created, so each book
 * now keeps its swap's key and creation time (`time.reg`, unix s, from the swap's events), and one
 * index range of (api_key, created) leads to the range's books, then through the existing indexes
 * to their batches and entries: the work grows with the range's swaps, not with the key's history.
 *
 * Books recorded before this migration take their key from their partner entries and, as their
 * creation time, their first batch (the credited deposit, minutes after creation): such a swap
 * created just before a range's end and credited after it counts in the next range. A book without
 * partner entries is filled in by its swap's next event; until then it has no fee to count.
 */
export class TreasuryPartnerFees1767200000000 implements MigrationInterface {
  name = 'TreasuryPartnerFees1767200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE swap_books ADD COLUMN api_key text, ADD COLUMN created bigint`);
    await q.query(`
      UPDATE swap_books s SET api_key = p.api_key,
        created = (SELECT floor(extract(epoch FROM min(b.created_at)))::bigint FROM ledger_batches b WHERE b.swap_id = s.swap_id)
      FROM (
        SELECT b.swap_id, min(substr(e.account, length('fees:partner:') + 1)) AS api_key
        FROM ledger_batches b JOIN ledger_entries e ON e.batch_key = b.key
        WHERE e.account LIKE 'fees:partner:%'
        GROUP BY b.swap_id
      ) p
      WHERE p.swap_id = s.swap_id`);
    await q.query(`CREATE INDEX swap_books_key_created ON swap_books (api_key, created)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX swap_books_key_created`);
    await q.query(`ALTER TABLE swap_books DROP COLUMN created, DROP COLUMN api_key`);
  }
}
