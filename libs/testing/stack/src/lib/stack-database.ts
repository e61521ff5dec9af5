import { createHash } from 'node:crypto';
import { DEVNET_MIGRATIONS, DEVNET_SCHEMA } from '@swap/devnet-data';
import { ENGINE_MIGRATIONS, ENGINE_SCHEMA } from '@swap/engine-data';
import { GATEWAY_MIGRATIONS, GATEWAY_SCHEMA } from '@swap/gateway-data';
import { NOTIFIER_MIGRATIONS, NOTIFIER_SCHEMA } from '@swap/notifier-data';
import { createDataSource, type PersistenceOptions } from '@swap/persistence';
import { REFUNDS_MIGRATIONS, REFUNDS_SCHEMA } from '@swap/refunds-data';
import { createTestDatabase, testAdminUrl, withAdmin, type TestDatabase } from '@swap/testing';
import { TREASURY_MIGRATIONS, TREASURY_SCHEMA } from '@swap/treasury-data';
import { WATCHER_MIGRATIONS, WATCHER_SCHEMA } from '@swap/watcher-data';

type Schema = Pick<PersistenceOptions, 'schema'> & { migrations: Array<new () => object> };

/** Every schema a stack's services migrate at start-up, as each service would. */
const SCHEMAS: Schema[] = [
  { schema: GATEWAY_SCHEMA, migrations: GATEWAY_MIGRATIONS },
  { schema: ENGINE_SCHEMA, migrations: ENGINE_MIGRATIONS },
  { schema: TREASURY_SCHEMA, migrations: TREASURY_MIGRATIONS },
  { schema: WATCHER_SCHEMA, migrations: WATCHER_MIGRATIONS },
  { schema: REFUNDS_SCHEMA, migrations: REFUNDS_MIGRATIONS },
  { schema: NOTIFIER_SCHEMA, migrations: NOTIFIER_MIGRATIONS },
  { schema: DEVNET_SCHEMA, migrations: DEVNET_MIGRATIONS },
];

/** Key of the session advisory lock that lets one process at a time build a template. */
const TEMPLATE_LOCK = 0x5a4d_7e3a;

/**
 * A stack's database: a copy of a template in which every service's migrations already ran, so the
 * services find their schemas up to date at start-up instead of fourteen processes migrating at
 * once (seven watchers queueing on one schema's lock). The template is built once per migration
 * set on a server and kept for the next suites and runs; a service still checks its migrations
 * table and applies what is missing, as in production.
 */
export async function createStackDatabase(adminUrl = testAdminUrl()): Promise<TestDatabase> {
  return createTestDatabase(adminUrl, await migratedTemplate(adminUrl));
}

async function migratedTemplate(adminUrl: string): Promise<string> {
  const name = templateName();
  await withAdmin(adminUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return;
      const building = await createTestDatabase(adminUrl);
      try {
        for (const schema of SCHEMAS)
          await (await createDataSource({ url: building.url, ...schema })).destroy();
        const built = new URL(building.url).pathname.slice(1);
        await admin.query(`ALTER DATABASE "${built}" RENAME TO "${name}"`);
      } catch (err) {
        await building.drop();
        throw err;
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

/** Named after the migrations' names and code: a changed or added migration makes a new template. */
function templateName(): string {
  const hash = createHash('sha256');
  for (const { schema, migrations } of SCHEMAS)
    for (const migration of migrations) hash.update(`${schema}\n${migration.name}\n${String(migration)}\n`);
  return `swap_template_${hash.digest('hex').slice(0, 16)}`;
}
