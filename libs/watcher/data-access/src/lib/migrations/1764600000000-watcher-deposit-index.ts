import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The account index each deposit address was derived at. A watcher whose node-side wallet was
 * restored (Monero: a subaddress is only seen once the wallet's table reaches it) primes that
 * wallet up to the highest index handed out before it reads a block.
 */
export class WatcherDepositIndex1764600000000 implements MigrationInterface {
  name = 'WatcherDepositIndex1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE watched_addresses ADD COLUMN deposit_index integer`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE watched_addresses DROP COLUMN deposit_index`);
  }
}
