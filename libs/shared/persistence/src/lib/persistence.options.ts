import type { Logger } from '@swap/domain';
import type { DataSourceOptions } from 'typeorm';

export interface PersistenceOptions {
  /** postgres://user:pass@host:port/database, as the service's own role (SERVICE_DATABASES). */
  url: string;
  /**
   * The service's own schema (gateway, engine, watcher, …), owned by that role: its tables and its
   * migrations table (`<schema>.migrations`) live there, so each role keeps its own record.
   */
  schema: string;
  entities?: DataSourceOptions['entities'];
  migrations?: DataSourceOptions['migrations'];
  logger?: Logger;
  /** Maximum connections in the pool (default 10). */
  poolSize?: number;
}

// Schema names go into SQL unquoted by TypeORM and into search_path, so only plain identifiers.
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`invalid schema name "${schema}": use lower-case letters, digits and _`);
  }
}
