import type { DataSource } from 'typeorm';

/** Readiness check: true when the pool can run a query right now. */
export async function databaseReady(dataSource: DataSource): Promise<boolean> {
  if (!dataSource.isInitialized) return false;
  try {
    await dataSource.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
