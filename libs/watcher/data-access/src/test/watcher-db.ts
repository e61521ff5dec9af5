import { openSchemaDatabase, type SchemaDatabase } from '@swap/test-database';
import { WATCHER_MIGRATIONS, WATCHER_SCHEMA } from '../lib/watcher.schema';

export type WatcherDb = SchemaDatabase;

/** A throwaway database with the watcher's schema migrated, as the watcher opens it. */
export function openWatcherDb(): Promise<WatcherDb> {
  return openSchemaDatabase({
    schema: WATCHER_SCHEMA,
    migrations: WATCHER_MIGRATIONS,
    tables: ['watched_addresses', 'cursors', 'blocks', 'deposits'],
  });
}
