import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * D19: the key's fee-share agreement travels with the swap, recorded when it is created, so a
 * later change of the key never changes what a booked swap gave its partner. Swaps made before
 * had none ('0'); the default keeps an engine of the version before writing valid rows.
 */
export class FeeShare1767610000000 implements MigrationInterface {
  name = 'FeeShare1767610000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE swaps ADD COLUMN fee_share text NOT NULL DEFAULT '0'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE swaps DROP COLUMN fee_share`);
  }
}
