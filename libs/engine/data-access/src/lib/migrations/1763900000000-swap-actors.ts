import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Real swaps: the payout and refund attempt each swap waits on (progress reports of older
 * attempts are ignored), and the log of every deposit a watcher reported, credited or not, so a
 * deposit once seen is never forgotten (late deposits to an expired swap, extra deposits).
 */
export class SwapActors1763900000000 implements MigrationInterface {
  name = 'SwapActors1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE swaps ADD COLUMN payout_id text, ADD COLUMN refund_id text`);
    await q.query(`
      CREATE TABLE deposits (
        deposit_id text PRIMARY KEY,
        swap_id text NOT NULL REFERENCES swaps (id),
        currency text NOT NULL,
        address text NOT NULL,
        txid text NOT NULL,
        tx_index integer NOT NULL,
        amount numeric(78,0) NOT NULL,
        confirmations integer NOT NULL,
        block_height bigint,
        block_hash text,
        reverted boolean NOT NULL,
        first_seen_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX deposits_swap ON deposits (swap_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE deposits`);
    await q.query(`ALTER TABLE swaps DROP COLUMN payout_id, DROP COLUMN refund_id`);
  }
}
