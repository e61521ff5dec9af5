import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { GATEWAY_MIGRATIONS, GATEWAY_SCHEMA } from '@swap/gateway-data';
import { NOTIFIER_MIGRATIONS, NOTIFIER_SCHEMA } from '@swap/notifier-data';
import { createDataSource, roleUrl, SERVICE_DATABASES, type DatabaseService } from '@swap/persistence';
import { freePort, startNatsServer, withAdmin, type NatsServerHandle } from '@swap/testing';
import { repoRoot } from './repo-root';
import { ServiceProcess } from './service-process';
import { StackBus } from './stack-bus';
import { createStackDatabase, STACK_ROLE_PASSWORD, type StackDatabase } from './stack-database';

/** What `sql` gets as `service`'s role: its (last statement's) rows, or PostgreSQL's refusal. */
async function asRole(db: StackDatabase, service: DatabaseService, sql: string) {
  const client = new Client({ connectionString: db.urlOf(service) });
  await client.connect();
  try {
    const results: unknown = await client.query(sql);
    const last = (Array.isArray(results) ? results.at(-1) : results) as { rows: unknown[] };
    return { rows: last.rows };
  } catch (err) {
    return { refused: (err as { code?: string }).code, message: (err as Error).message };
  } finally {
    await client.end();
  }
}

describe("the stack's database: one role per service, each in its own schema only", () => {
  let db: StackDatabase;

  beforeAll(async () => {
    db = await createStackDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("the notifier's role cannot read gateway.api_keys; the gateway's can", async () => {
    expect(await asRole(db, 'notifier', 'SELECT * FROM gateway.api_keys')).toMatchObject({
      refused: '42501',
      message: 'permission denied for schema gateway',
    });
    expect(await asRole(db, 'gateway', 'SELECT count(*)::int AS n FROM gateway.api_keys')).toEqual({
      rows: [{ n: 0 }],
    });
  });

  it("no role but the treasury's reads the treasury schema, nor any schema but its own", async () => {
    for (const { service } of SERVICE_DATABASES) {
      const read = await asRole(db, service, 'SELECT count(*)::int AS n FROM treasury.migrations');
      if (service === 'treasury') expect(read).toEqual({ rows: [{ n: expect.any(Number) }] });
      else expect(read).toMatchObject({ refused: '42501' });
    }
    // The catalogue's view of the same: each role uses exactly its own schema, and may create
    // nowhere else (public included).
    let reach: Array<{ role: string; schema: string }> = [];
    await withAdmin(db.url, async (admin) => {
      reach = (
        await admin.query(
          `SELECT r.rolname AS role, n.nspname AS schema
           FROM pg_roles r CROSS JOIN pg_namespace n
           WHERE r.rolname = ANY ($1) AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
             AND (has_schema_privilege(r.oid, n.oid, 'CREATE')
               OR (has_schema_privilege(r.oid, n.oid, 'USAGE') AND n.nspname <> 'public'))
           ORDER BY 1, 2`,
          [SERVICE_DATABASES.map(({ role }) => role)],
        )
      ).rows;
    });
    expect(reach).toEqual(
      SERVICE_DATABASES.map(({ role, schema }) => ({ role, schema })).sort((a, b) =>
        a.role.localeCompare(b.role),
      ),
    );
  });

  it('each role owns everything in its schema, and migrates and uses it', async () => {
    let strangers: unknown[] = [];
    await withAdmin(db.url, async (admin) => {
      strangers = (
        await admin.query(
          `SELECT n.nspname, c.relname, pg_get_userbyid(c.relowner) AS owner
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           JOIN (SELECT unnest($1::text[]) AS schema, unnest($2::text[]) AS role) s ON s.schema = n.nspname
           WHERE pg_get_userbyid(c.relowner) <> s.role`,
          [SERVICE_DATABASES.map(({ schema }) => schema), SERVICE_DATABASES.map(({ role }) => role)],
        )
      ).rows;
    });
    expect(strangers).toEqual([]);
    for (const { service, schema } of SERVICE_DATABASES) {
      const sql = `CREATE TABLE ${schema}.probe (id int); INSERT INTO ${schema}.probe VALUES (1);
        SELECT count(*)::int AS n FROM ${schema}.probe`;
      expect({ service, ...(await asRole(db, service, sql)) }).toEqual({ service, rows: [{ n: 1 }] });
      expect(await asRole(db, service, `DROP TABLE ${schema}.probe`)).toEqual({ rows: [] });
    }
    // A service's start-up as its role: the schema up to date, nothing to apply, no complaint.
    const gateway = await createDataSource({
      url: db.urlOf('gateway'),
      schema: GATEWAY_SCHEMA,
      migrations: GATEWAY_MIGRATIONS,
    });
    expect(await gateway.showMigrations()).toBe(false);
    await gateway.destroy();
  });

  it('a role setting that cannot work stops the start-up with a message naming DATABASE_URL', async () => {
    const start = (url: string, schema = NOTIFIER_SCHEMA) =>
      createDataSource({ url, schema, migrations: NOTIFIER_MIGRATIONS }).then(
        async (ds) => {
          await ds.destroy();
          return [];
        },
        (err: { problems?: string[] }) => err.problems ?? [String(err)],
      );
    expect(await start(db.urlOf('gateway'))).toEqual([
      'DATABASE_URL: role "swap_gateway" may not use schema "notifier", which belongs to "swap_notifier": connect as the schema\'s own role (see the README\'s "Database roles")',
    ]);
    expect(await start(db.urlOf('notifier'), 'notifier_elsewhere')).toEqual([
      expect.stringMatching(
        /^DATABASE_URL: schema "notifier_elsewhere" does not exist and role "swap_notifier" may not create it/,
      ),
    ]);
    expect(await start(roleUrl(db.url, 'swap_nobody', 'x'))).toEqual([
      'DATABASE_URL: PostgreSQL refused the login: role "swap_nobody" does not exist',
    ]);
    // A table left by another role (a database from before the roles) in the service's schema.
    await withAdmin(db.url, (admin) => admin.query('CREATE TABLE notifier.left_behind (id int)'));
    try {
      expect(await start(db.urlOf('notifier'))).toEqual([
        expect.stringMatching(
          /^DATABASE_URL: role "swap_notifier" does not own 1 tables or sequences of schema "notifier" \(they belong to postgres\)/,
        ),
      ]);
    } finally {
      await withAdmin(db.url, (admin) => admin.query('DROP TABLE notifier.left_behind'));
    }
  });

  describe('a service started with another service’s role', () => {
    let nats: NatsServerHandle;
    let bus: StackBus;

    beforeAll(async () => {
      execFileSync(process.execPath, [join(repoRoot(), 'tools/build.js')], { stdio: 'inherit' });
      bus = new StackBus();
      nats = await startNatsServer({ config: bus.config });
    });
    afterAll(async () => {
      await nats?.stop();
      bus?.remove();
    });

    it('stops at start, naming DATABASE_URL, with no stack trace', async () => {
      const notifier = new ServiceProcess('notifier-as-gateway', 'notifier', await freePort(), {
        NATS_URL: nats.url,
        ...bus.env('notifier'),
        DATABASE_URL: db.urlOf('gateway'),
        WEBHOOK_SECRETS_KEY: randomBytes(32).toString('hex'),
      });
      const failure = await notifier.start(20_000).then(
        () => 'started',
        (err: unknown) => String(err),
      );
      await notifier.stop();
      expect(failure).toContain(
        '  - DATABASE_URL: role "swap_gateway" may not use schema "notifier", which belongs to "swap_notifier"',
      );
      expect(failure).toMatch(/notifier failed to start/);
      expect(failure).not.toMatch(/\n\s+at /);
    });
  });

  it('gives every stack the same roles and password, so stacks on one cluster share them', async () => {
    const other = await createStackDatabase();
    try {
      const url = new URL(other.urlOf('engine'));
      expect([url.username, decodeURIComponent(url.password)]).toEqual(['swap_engine', STACK_ROLE_PASSWORD]);
      expect(await asRole(other, 'engine', 'SELECT count(*)::int AS n FROM engine.swaps')).toEqual({
        rows: [{ n: 0 }],
      });
    } finally {
      await other.drop();
    }
  });
});
