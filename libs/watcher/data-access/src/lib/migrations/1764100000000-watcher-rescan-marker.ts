import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A swap event can arrive after its deposit was mined and the follower passed that block. Each new
 * watch-list entry is marked until the follower has read the blocks it keeps for that address.
 */
export class WatcherRescanMarker1764100000000 implements MigrationInterface {
  name = 'WatcherRescanMarker1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE watched_addresses ADD COLUMN needs_rescan boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX watched_addresses_rescan ON watched_addresses (network) WHERE needs_rescan`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX watched_addresses_rescan`);
    await q.query(`ALTER TABLE watched_addresses DROP COLUMN needs_rescan`);
  }
}
