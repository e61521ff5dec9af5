import type { MigrationInterface, QueryRunner } from 'typeorm';

/** D19: the referral code a swap was created through (its key is the code's), null otherwise. */
export class SwapRef1767620000000 implements MigrationInterface {
  name = 'SwapRef1767620000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE swaps ADD COLUMN ref text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE swaps DROP COLUMN ref`);
  }
}
