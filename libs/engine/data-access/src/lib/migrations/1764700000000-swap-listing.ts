import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `swapctl swaps list [--status S]` shows the newest swaps first: read from an index in that
 * order, it stops after the page it shows, instead of sorting every swap (or every DONE one) ever
 * made. The status index it replaces led with the same column.
 */
export class SwapListing1764700000000 implements MigrationInterface {
  name = 'SwapListing1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX swaps_newest ON swaps (time_reg DESC, id)`);
    await q.query(`CREATE INDEX swaps_status_newest ON swaps (status, time_reg DESC, id)`);
    await q.query(`DROP INDEX swaps_status`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX swaps_status ON swaps (status)`);
    await q.query(`DROP INDEX swaps_status_newest`);
    await q.query(`DROP INDEX swaps_newest`);
  }
}
