import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { assertSchemaName, type PersistenceOptions } from './persistence.options';
import { pgDriverFor } from './listening-pool';
import { checkSchemaAccess, connectAsRole } from './schema-access';
import { TypeormLogger } from './typeorm.logger';

const SLOW_QUERY_MS = 1_000;
/**
 * PostgreSQL restarts must never leave a service waiting for good (issue 32): a pool without these
 * waits forever for a connection, and a statement can wait forever on a lock held by a session
 * that never ends. A loop whose run fails on them tries again (RepeatingTask).
 */
const CONNECT_TIMEOUT_MS = 10_000;
const STATEMENT_TIMEOUT_MS = 300_000;
// First key of the two-key advisory lock: a constant namespace so our lock ids don't collide with
// other advisory locks taken in the same database; the second key is the schema.
const MIGRATION_LOCK_NAMESPACE = 0x5a4d; // 'SM'

/**
 * A DataSource for the service's schema, not yet connected. Use it as-is for the TypeORM CLI
 * (migration:generate); services call createDataSource, which also migrates.
 */
export function buildDataSource(options: PersistenceOptions): DataSource {
  assertSchemaName(options.schema);
  return new DataSource({
    type: 'postgres',
    driver: pgDriverFor(options.logger),
    url: options.url,
    schema: options.schema,
    entities: options.entities ?? [],
    migrations: options.migrations ?? [],
    // In the service's schema (`schema` above), so each role owns the record of its migrations.
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false, // run by createDataSource under the advisory lock instead
    poolSize: options.poolSize ?? 10,
    extra: {
      // Migrations are plain SQL with unqualified names: they must land in the service's schema.
      // A statement, or a transaction left open, longer than 5 min is ended by the server.
      options: `-c search_path=${options.schema},public -c statement_timeout=${STATEMENT_TIMEOUT_MS} -c idle_in_transaction_session_timeout=${STATEMENT_TIMEOUT_MS}`,
      // No wait without end: for a connection (PostgreSQL away, or the pool's every client busy)…
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // …nor on a connection whose server went away without a word (TCP keepalive notices).
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    },
    // Without a logger stay silent: TypeORM's default logger writes to the console.
    logger: options.logger ? new TypeormLogger(options.logger) : undefined,
    logging: options.logger ? ['error', 'warn', 'migration', 'schema'] : false,
    maxQueryExecutionTime: SLOW_QUERY_MS,
  });
}

/**
 * Connects and brings the schema up to date: creates the schema if missing (and the role may) and
 * runs pending migrations, one replica at a time (a session advisory lock held on a separate
 * connection, so a pool of size 1 cannot deadlock against it). A role that cannot work there (a
 * refused login, another role's schema) throws a ConfigError naming DATABASE_URL.
 */
export async function createDataSource(options: PersistenceOptions): Promise<DataSource> {
  const dataSource = buildDataSource(options);
  const lock = new Client({ connectionString: options.url });
  // A session the server ends mid-migration fails the query in hand; unheard, the client's 'error'
  // event would also end the process (as in listening-pool.ts).
  lock.on('error', (err) => options.logger?.warn({ err }, 'migration lock connection lost'));
  await connectAsRole(lock);
  try {
    await lock.query('SELECT pg_advisory_lock($1, hashtext($2))', [MIGRATION_LOCK_NAMESPACE, options.schema]);
    await checkSchemaAccess(lock, options.schema);
    await dataSource.initialize();
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0) {
      options.logger?.info({ schema: options.schema, migrations: applied.map((m) => m.name) }, 'migrated');
    }
    return dataSource;
  } catch (err) {
    if (dataSource.isInitialized) await dataSource.destroy();
    throw err;
  } finally {
    // Ending the session releases the advisory lock too, even if the unlock query fails.
    await lock
      .query('SELECT pg_advisory_unlock($1, hashtext($2))', [MIGRATION_LOCK_NAMESPACE, options.schema])
      .catch(() => undefined);
    await lock.end();
  }
}
