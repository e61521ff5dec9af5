import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Swaps created within one second come back newest first by their creation sequence, not by id
 * (issue 34). An identity column numbers every new row as it is inserted; rows already there are
 * numbered in whatever order the table holds them, which only orders old swaps among those of
 * their own second, as arbitrarily as their ids did. The listing indexes follow the new order.
 */
export class SwapSequence1767600000000 implements MigrationInterface {
  name = 'SwapSequence1767600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE swaps ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY`);
    await q.query(`DROP INDEX swaps_newest`);
    await q.query(`DROP INDEX swaps_status_newest`);
    await q.query(`CREATE INDEX swaps_newest ON swaps (time_reg DESC, seq DESC)`);
    await q.query(`CREATE INDEX swaps_status_newest ON swaps (status, time_reg DESC, seq DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX swaps_status_newest`);
    await q.query(`DROP INDEX swaps_newest`);
    await q.query(`CREATE INDEX swaps_newest ON swaps (time_reg DESC, id)`);
    await q.query(`CREATE INDEX swaps_status_newest ON swaps (status, time_reg DESC, id)`);
    await q.query(`ALTER TABLE swaps DROP COLUMN seq`);
  }
}
