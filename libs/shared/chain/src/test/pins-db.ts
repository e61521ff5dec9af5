import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { Network } from '@swap/domain';
import { openSchemaDatabase, type SchemaDatabase } from '@swap/test-database';
import {
  createChainIdentitiesTable,
  dropChainIdentitiesTable,
  SqlChainIdentityPins,
} from '../lib/chain-identity';

/** The chain_identities table as the services' migrations create it. */
class ChainIdentities1766200000000 implements MigrationInterface {
  name = 'ChainIdentities1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await createChainIdentitiesTable(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropChainIdentitiesTable(q);
  }
}

export interface PinsDb extends SchemaDatabase {
  pins: SqlChainIdentityPins;
  /** The identity pinned for `network`, or null. */
  pinned(network: Network): Promise<string | null>;
}

/** A throwaway schema with a service's chain_identities table, reset() between tests. */
export async function openPinsDb(): Promise<PinsDb> {
  const db = await openSchemaDatabase({
    schema: 'pins',
    migrations: [ChainIdentities1766200000000],
    tables: ['chain_identities'],
  });
  return {
    ...db,
    pins: new SqlChainIdentityPins(db.dataSource),
    pinned: async (network) => {
      const rows = (await db.dataSource.query(`SELECT identity FROM chain_identities WHERE network = $1`, [
        network,
      ])) as Array<{ identity: string }>;
      return rows[0]?.identity ?? null;
    },
  };
}
