import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The coins a UTXO deposit's transaction spends, and the transaction that spent them instead (a
 * fee bump or a double spend): a deposit so replaced is gone at once, not after VANISH_BLOCKS.
 */
export class WatcherReplacedDeposits1765000000000 implements MigrationInterface {
  name = 'WatcherReplacedDeposits1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deposits ADD COLUMN spends text[] NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE deposits ADD COLUMN replaced_by text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deposits DROP COLUMN replaced_by`);
    await q.query(`ALTER TABLE deposits DROP COLUMN spends`);
  }
}
