import type { DataSource, EntityManager } from 'typeorm';

/**
 * A statement PostgreSQL parses and plans once per connection, then only binds and runs. TypeORM
 * sends every query unnamed, so the server parses and plans it each time: for the long statements
 * of a swap's hot path (a guarded update of 40 columns with its outbox rows) that is most of
 * their cost, about 0.3 ms of the server's CPU against 0.07 ms for a named one. Only for
 * statements whose result has a fixed shape (no `SELECT *`, no `RETURNING *`): a migration that adds
 * a column re-plans them, but a prepared result type that changes fails on a running replica.
 */
export interface PreparedStatement {
  /** Unique per text in the process: node-postgres refuses one name for two texts. */
  readonly name: string;
  readonly text: string;
}

/** What a named statement needs of node-postgres: a pool (or client) taking a query config. */
export interface PreparedQueryable {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/** TypeORM's node-postgres pool, when the data source has one (the postgres driver). */
export function pgPool(dataSource: DataSource): PreparedQueryable | undefined {
  const master = (dataSource.driver as unknown as { master?: Partial<PreparedQueryable> }).master;
  return typeof master?.query === 'function' ? (master as PreparedQueryable) : undefined;
}

/**
 * Runs `statement` as a named statement on `pool` (by default the data source's own), or through
 * TypeORM when there is none (another driver). Resolves to the rows, whatever the command (TypeORM
 * answers [rows, count] for an UPDATE).
 */
export async function queryPrepared<T>(
  dataSource: DataSource,
  statement: PreparedStatement,
  values: unknown[],
  pool: PreparedQueryable | null = pgPool(dataSource) ?? null,
): Promise<T[]> {
  if (pool) return (await pool.query({ name: statement.name, text: statement.text, values })).rows as T[];
  const runner = dataSource.createQueryRunner();
  try {
    return (await runner.query(statement.text, values, true)).records as T[];
  } finally {
    await runner.release();
  }
}

/**
 * queryPrepared inside the caller's transaction, on the connection that holds it; a manager
 * outside any transaction runs it on the data source's pool.
 */
export async function queryPreparedIn<T>(
  manager: EntityManager,
  statement: PreparedStatement,
  values: unknown[],
): Promise<T[]> {
  const runner = manager.queryRunner;
  if (!runner) return queryPrepared(manager.connection, statement, values);
  // node-postgres's client, once the runner holds a connection (a transaction's does).
  const client = (runner as unknown as { databaseConnection?: Partial<PreparedQueryable> })
    .databaseConnection;
  if (runner.connection.driver.options.type === 'postgres' && typeof client?.query === 'function')
    return (await (client as PreparedQueryable).query({ ...statement, values })).rows as T[];
  return (await runner.query(statement.text, values, true)).records as T[];
}
