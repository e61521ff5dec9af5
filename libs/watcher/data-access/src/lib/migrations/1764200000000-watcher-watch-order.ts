import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Numbers the watch list in the order entries arrive, so each replica's in-memory address filter
 * can load only the entries recorded (by any replica) since its last look.
 */
export class WatcherWatchOrder1764200000000 implements MigrationInterface {
  name = 'WatcherWatchOrder1764200000000';

  async up(q: QueryRunner): Promise<void> {
    // Existing rows are numbered too: the column's sequence fills them as the table is rewritten.
    await q.query(`ALTER TABLE watched_addresses ADD COLUMN seq bigserial`);
    await q.query(`CREATE INDEX watched_addresses_order ON watched_addresses (network, seq)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX watched_addresses_order`);
    await q.query(`ALTER TABLE watched_addresses DROP COLUMN seq`);
  }
}
