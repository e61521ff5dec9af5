import type { DataSource } from 'typeorm';
import { createDataSource } from '@swap/persistence';
import { createTestDatabase, type TestDatabase } from '@swap/testing';
import { DEVNET_MIGRATIONS, DEVNET_SCHEMA } from '../lib/devnet.schema';

export interface DevnetDb {
  db: TestDatabase;
  /** Opens the devnet's schema as the devnet does at start-up (migrating it); close it yourself. */
  open(): Promise<DataSource>;
  drop(): Promise<void>;
}

/** A throwaway database for the devnet's schema; open() may be called again to simulate a restart. */
export async function devnetDb(): Promise<DevnetDb> {
  const db = await createTestDatabase();
  const opened: DataSource[] = [];
  return {
    db,
    open: async () => {
      const dataSource = await createDataSource({
        url: db.url,
        schema: DEVNET_SCHEMA,
        migrations: DEVNET_MIGRATIONS,
      });
      opened.push(dataSource);
      return dataSource;
    },
    drop: async () => {
      await Promise.all(opened.filter((ds) => ds.isInitialized).map((ds) => ds.destroy()));
      await db.drop();
    },
  };
}
