import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A logged deposit gone because another transaction spent its coins (BTC, LTC: RBF, double spend). */
export class DepositReplacedBy1765000000000 implements MigrationInterface {
  name = 'DepositReplacedBy1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deposits ADD COLUMN replaced_by text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deposits DROP COLUMN replaced_by`);
  }
}
