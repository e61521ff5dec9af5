import type { DataSource } from 'typeorm';
import { createDataSource, type PersistenceOptions } from '@swap/persistence';
import { createTestDatabase, type TestDatabase } from '@swap/testing';

export interface SchemaDatabase {
  db: TestDatabase;
  dataSource: DataSource;
  /** Empties the service's tables, so each test starts from a fresh schema. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A throwaway database with one service's schema migrated, as the service opens it at start-up.
 * `tables` are emptied by reset() (TRUNCATE also passes append-only triggers); `entities` are the
 * service's TypeORM entities, for the repositories that use them.
 */
export async function openSchemaDatabase(
  options: Pick<PersistenceOptions, 'schema' | 'migrations' | 'entities'> & { tables: readonly string[] },
): Promise<SchemaDatabase> {
  const db = await createTestDatabase();
  try {
    const dataSource = await createDataSource({
      url: db.url,
      schema: options.schema,
      entities: options.entities,
      migrations: options.migrations,
    });
    return {
      db,
      dataSource,
      reset: async () => {
        await dataSource.query(`TRUNCATE ${options.tables.join(', ')} RESTART IDENTITY`);
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
