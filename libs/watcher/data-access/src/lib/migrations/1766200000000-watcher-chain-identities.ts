import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createChainIdentitiesTable, dropChainIdentitiesTable } from '@swap/chain';

/**
 * The chain each network's data belongs to (genesis, EVM chain id, devnet instance), pinned at
 * first start and compared at every start and reconnection (issue 25): the same table in every
 * service that reads or sends, created by the one statement the pins are written against.
 */
export class WatcherChainIdentities1766200000000 implements MigrationInterface {
  name = 'WatcherChainIdentities1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await createChainIdentitiesTable(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropChainIdentitiesTable(q);
  }
}
