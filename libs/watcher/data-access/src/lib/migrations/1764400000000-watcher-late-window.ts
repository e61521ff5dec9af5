import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A swap event can reach the watcher long after its deposit was mined (the engine was down, the
 * bus backed up). Blocks are kept for a time window as well as a depth, with the time each was
 * processed; an entry carries its swap's registration time, so a rescan reads only the blocks
 * processed since, and the height its rescan has reached, so a long one goes on across polls.
 */
export class WatcherLateWindow1764400000000 implements MigrationInterface {
  name = 'WatcherLateWindow1764400000000';

  async up(q: QueryRunner): Promise<void> {
    // Blocks kept before this migration count as processed now: kept for one more window.
    await q.query(`ALTER TABLE blocks ADD COLUMN processed_at bigint`);
    await q.query(`UPDATE blocks SET processed_at = (extract(epoch FROM now()) * 1000)::bigint`);
    await q.query(`ALTER TABLE blocks ALTER COLUMN processed_at SET NOT NULL`);
    await q.query(`CREATE INDEX blocks_processed ON blocks (network, processed_at)`);
    // Null for entries recorded before: their rescan reads every kept block, as it did.
    await q.query(`ALTER TABLE watched_addresses ADD COLUMN registered_at bigint`);
    await q.query(`ALTER TABLE watched_addresses ADD COLUMN rescan_from bigint`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE watched_addresses DROP COLUMN rescan_from`);
    await q.query(`ALTER TABLE watched_addresses DROP COLUMN registered_at`);
    await q.query(`DROP INDEX blocks_processed`);
    await q.query(`ALTER TABLE blocks DROP COLUMN processed_at`);
  }
}
