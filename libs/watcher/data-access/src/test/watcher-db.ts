import type { DataSource } from 'typeorm';
import { createDataSource } from '@swap/persistence';
import { createTestDatabase, type TestDatabase } from '@swap/testing';
import { WATCHER_MIGRATIONS, WATCHER_SCHEMA } from '../lib/watcher.schema';

export interface WatcherDb {
  db: TestDatabase;
  dataSource: DataSource;
  /** Empties the watcher's tables, so each test starts from a fresh schema. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** A throwaway database with the watcher's schema migrated, as the watcher opens it. */
export async function openWatcherDb(): Promise<WatcherDb> {
  const db = await createTestDatabase();
  try {
    const dataSource = await createDataSource({
      url: db.url,
      schema: WATCHER_SCHEMA,
      migrations: WATCHER_MIGRATIONS,
    });
    return {
      db,
      dataSource,
      reset: async () => {
        await dataSource.query('TRUNCATE watched_addresses, cursors, blocks, deposits');
      },
      close: async () => {
        if (dataSource.isInitialized) await dataSource.destroy();
        await db.drop();
      },
    };
  } catch (err) {
    await db.drop();
    throw err;
  }
}
