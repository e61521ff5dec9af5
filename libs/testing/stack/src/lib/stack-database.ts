import { createHash } from 'node:crypto';
import type { Client } from 'pg';
import { DEVNET_MIGRATIONS, DEVNET_SCHEMA } from '@swap/devnet-data';
import { ENGINE_MIGRATIONS, ENGINE_SCHEMA } from '@swap/engine-data';
import { GATEWAY_MIGRATIONS, GATEWAY_SCHEMA } from '@swap/gateway-data';
import { NOTIFIER_MIGRATIONS, NOTIFIER_SCHEMA } from '@swap/notifier-data';
import {
  createDataSource,
  ensureServiceRoles,
  ensureServiceSchemas,
  roleUrl,
  SERVICE_DATABASES,
  type DatabaseService,
} from '@swap/persistence';
import { REFUNDS_MIGRATIONS, REFUNDS_SCHEMA } from '@swap/refunds-data';
import { createTestDatabase, testAdminUrl, withAdmin, type TestDatabase } from '@swap/testing';
import { TREASURY_MIGRATIONS, TREASURY_SCHEMA } from '@swap/treasury-data';
import { WATCHER_MIGRATIONS, WATCHER_SCHEMA } from '@swap/watcher-data';

/** Every schema a stack's services migrate at start-up, as each service would. */
const MIGRATIONS: Record<DatabaseService, { schema: string; migrations: Array<new () => object> }> = {
  gateway: { schema: GATEWAY_SCHEMA, migrations: GATEWAY_MIGRATIONS },
  engine: { schema: ENGINE_SCHEMA, migrations: ENGINE_MIGRATIONS },
  treasury: { schema: TREASURY_SCHEMA, migrations: TREASURY_MIGRATIONS },
  watcher: { schema: WATCHER_SCHEMA, migrations: WATCHER_MIGRATIONS },
  refunds: { schema: REFUNDS_SCHEMA, migrations: REFUNDS_MIGRATIONS },
  notifier: { schema: NOTIFIER_SCHEMA, migrations: NOTIFIER_MIGRATIONS },
  devnet: { schema: DEVNET_SCHEMA, migrations: DEVNET_MIGRATIONS },
};

/**
 * The services' roles on a test cluster: the same names and password for every stack on it (roles
 * belong to the cluster), so parallel stacks share them. Not a secret: the cluster is a test's.
 */
export const STACK_ROLE_PASSWORD = 'stack-role';

/** Key of the session advisory lock that lets one process at a time make the roles and build a template. */
const TEMPLATE_LOCK = 0x5a4d_7e3a;

/** A stack's database, and the URL each service connects with: as its own role, as in production. */
export interface StackDatabase extends TestDatabase {
  /** The service's own role on this database (DATABASE_URL as the launcher gives it). */
  urlOf(service: DatabaseService): string;
}

/**
 * A stack's database: a copy of a template in which every service's migrations already ran, each
 * as its own role (which owns its schema there, and so in every copy), so the services find their
 * schemas up to date at start-up instead of fourteen processes migrating at once (seven watchers
 * queueing on one schema's lock). The template is built once per migration set on a server and
 * kept for the next suites and runs; a service still checks its migrations table and applies what
 * is missing, as in production.
 */
export async function createStackDatabase(adminUrl = testAdminUrl()): Promise<StackDatabase> {
  const db = await createTestDatabase(adminUrl, await migratedTemplate(adminUrl));
  return {
    ...db,
    urlOf: (service) => roleUrl(db.url, roleOf(service), STACK_ROLE_PASSWORD),
  };
}

async function migratedTemplate(adminUrl: string): Promise<string> {
  const name = templateName();
  await withAdmin(adminUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      // Every time, cheaply: a role dropped by hand since the template was built comes back.
      await ensureServiceRoles(
        admin,
        SERVICE_DATABASES.map(({ role }) => ({ role, password: STACK_ROLE_PASSWORD })),
      );
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return;
      await buildTemplate(adminUrl, admin, name);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

async function buildTemplate(adminUrl: string, admin: Client, name: string): Promise<void> {
  const building = await createTestDatabase(adminUrl);
  try {
    await withAdmin(building.url, (db) => ensureServiceSchemas(db, SERVICE_DATABASES));
    for (const { service, role } of SERVICE_DATABASES) {
      const url = roleUrl(building.url, role, STACK_ROLE_PASSWORD);
      await (await createDataSource({ url, ...MIGRATIONS[service] })).destroy();
    }
    const built = new URL(building.url).pathname.slice(1);
    await admin.query(`ALTER DATABASE "${built}" RENAME TO "${name}"`);
  } catch (err) {
    await building.drop();
    throw err;
  }
}

function roleOf(service: DatabaseService): string {
  const found = SERVICE_DATABASES.find((entry) => entry.service === service);
  if (!found) throw new Error(`no database role for ${service}`);
  return found.role;
}

/**
 * Named after the migrations' names and code, and the roles that own the schemas: a changed or
 * added migration or role makes a new template.
 */
function templateName(): string {
  const hash = createHash('sha256');
  for (const { service, schema, role } of SERVICE_DATABASES) {
    const { schema: migrated, migrations } = MIGRATIONS[service];
    if (migrated !== schema) throw new Error(`${service} migrates ${migrated}, its role owns ${schema}`);
    hash.update(`${schema}\n${role}\n`);
    for (const migration of migrations) hash.update(`${migration.name}\n${String(migration)}\n`);
  }
  return `swap_template_${hash.digest('hex').slice(0, 16)}`;
}
