import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deposit report that failed (stale prices, a dead instance) comes back after later reports of
 * the same deposit were handled. Each row keeps the inbox stream sequence of the report it holds,
 * so an older report never overwrites a newer state (a reverted deposit made live again).
 */
export class DepositReportOrder1764400000000 implements MigrationInterface {
  name = 'DepositReportOrder1764400000000';

  async up(q: QueryRunner): Promise<void> {
    // Rows from before: any report handled from now on is newer.
    await q.query(`ALTER TABLE deposits ADD COLUMN report_seq bigint NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deposits DROP COLUMN report_seq`);
  }
}
