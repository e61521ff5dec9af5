import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many different states of a deposit were reported: part of each report's de-duplication id,
 * so a deposit that returns to a state told before (re-found in the same block after a revert)
 * is told again, while a repeat of the same report (a crash before it was recorded) still is not.
 */
export class WatcherReportRounds1764500000000 implements MigrationInterface {
  name = 'WatcherReportRounds1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deposits ADD COLUMN reports integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deposits DROP COLUMN reports`);
  }
}
