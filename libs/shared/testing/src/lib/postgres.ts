import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The admin URL of the PostgreSQL the suites use, unless they name another. */
export function testAdminUrl(): string {
  return process.env['TEST_DATABASE_ADMIN_URL'] || DEFAULT_ADMIN_URL;
}

/**
 * Creates a throwaway database on the real PostgreSQL (TEST_DATABASE_ADMIN_URL), or on the server
 * `adminUrl` names, so suites can run in parallel and never see each other's rows; as a copy of
 * `template` when given (a database nobody is connected to). Call drop() in afterAll.
 */
export async function createTestDatabase(
  adminUrl = testAdminUrl(),
  template?: string,
): Promise<TestDatabase> {
  const name = `swap_test_${randomBytes(6).toString('hex')}`;
  const copy = template === undefined ? '' : ` TEMPLATE "${template}"`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}"${copy}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // FORCE: a suite that forgot to close a pool must not leave its database behind.
    drop: () => withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

export async function withAdmin(adminUrl: string, work: (admin: Client) => Promise<unknown>): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}
