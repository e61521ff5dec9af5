import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

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

/** What a named statement needs of the connection: node-postgres's `query(config)`. */
interface PgConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs `statement` as a named statement on a connection of the data source's pool, held by a query
 * runner for that one statement. Resolves to the rows, whatever the command.
 */
export async function queryPrepared<T>(
  dataSource: DataSource,
  statement: PreparedStatement,
  values: unknown[],
): Promise<T[]> {
  const runner = dataSource.createQueryRunner();
  try {
    return await runPrepared<T>(runner, statement, values);
  } finally {
    await runner.release();
  }
}

/**
 * queryPrepared inside the caller's transaction, on the connection that holds it; a manager
 * outside any transaction runs it on a connection of the data source's pool.
 */
export function queryPreparedIn<T>(
  manager: EntityManager,
  statement: PreparedStatement,
  values: unknown[],
): Promise<T[]> {
  const runner = manager.queryRunner;
  if (!runner) return queryPrepared(manager.connection, statement, values);
  return runPrepared(runner, statement, values);
}

async function runPrepared<T>(
  runner: QueryRunner,
  statement: PreparedStatement,
  values: unknown[],
): Promise<T[]> {
  // TypeORM names no statement, so it goes to the connection itself: QueryRunner.connect() answers
  // the one the runner holds, for the postgres driver a node-postgres client of TypeORM's pool.
  if (runner.connection.options.type !== 'postgres')
    throw new Error(`prepared statements need the postgres driver, not ${runner.connection.options.type}`);
  const connection = (await runner.connect()) as PgConnection;
  return (await connection.query({ name: statement.name, text: statement.text, values })).rows as T[];
}
