import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { quietLogger } from '@swap/domain/testing';
import { createTestDatabase, startPrivatePostgres, type TestDatabase } from '@swap/testing';
import { createDataSource, databaseReady, PersistenceModule, queryPrepared, queryPreparedIn } from '../index';

class SampleInit1700000000000 implements MigrationInterface {
  name = 'SampleInit1700000000000';

  async up(q: QueryRunner): Promise<void> {
    // Unqualified names: the search_path must put them in the service's schema.
    await q.query('CREATE TABLE runs (id serial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())');
    await q.query('INSERT INTO runs DEFAULT VALUES');
    // Widen the window in which a second, unlocked replica would run the migration too.
    await q.query('SELECT pg_sleep(0.3)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE runs');
  }
}

describe('persistence', () => {
  let db: TestDatabase;
  const open: DataSource[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(open.filter((ds) => ds.isInitialized).map((ds) => ds.destroy()));
    await db.drop();
  });

  const start = async (schema: string, poolSize?: number) => {
    const ds = await createDataSource({
      url: db.url,
      schema,
      migrations: [SampleInit1700000000000],
      poolSize,
    });
    open.push(ds);
    return ds;
  };

  it('runs a migration once when two replicas start at the same time', async () => {
    const [a, b] = await Promise.all([start('replicas', 1), start('replicas', 1)]);

    const runs = await a.query('SELECT count(*)::int AS n FROM replicas.runs');
    expect(runs).toEqual([{ n: 1 }]);
    const applied = await b.query('SELECT name FROM replicas.migrations');
    expect(applied).toEqual([{ name: 'SampleInit1700000000000' }]);
    // Nothing leaked into public: the migrations table lives in the service's schema.
    const inPublic = await a.query(
      `SELECT to_regclass('public.migrations') AS t, to_regclass('public.runs') AS r`,
    );
    expect(inPublic).toEqual([{ t: null, r: null }]);
  });

  it('does not run applied migrations again on restart', async () => {
    const first = await start('restart');
    await first.destroy();
    const second = await start('restart');
    expect(await second.query('SELECT count(*)::int AS n FROM runs')).toEqual([{ n: 1 }]);
  });

  it('runs a prepared statement by name on a pooled connection, in the service schema, and answers its rows', async () => {
    const ds = await start('prepared');
    const bump = { name: 'runs_bump', text: 'UPDATE runs SET at = at + $1::interval RETURNING id' };

    expect(await queryPrepared(ds, bump, ['1 hour'])).toEqual([{ id: 1 }]);
    expect(await queryPrepared(ds, bump, ['1 hour'])).toEqual([{ id: 1 }]);
    // Parsed once per connection: the server keeps it under its name.
    const kept = await queryPrepared<{ n: number }>(
      ds,
      {
        name: 'runs_prepared',
        text: `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = $1`,
      },
      ['runs_bump'],
    );
    expect(kept).toEqual([{ n: 1 }]);
  });

  it('gives the connection back after each statement, one that fails included', async () => {
    const ds = await start('prepared_release', 1);
    const add = { name: 'runs_add_one', text: 'INSERT INTO runs DEFAULT VALUES RETURNING id' };
    const fail = { name: 'runs_fail', text: 'SELECT 1 / $1::int AS n' };

    await expect(queryPrepared(ds, fail, [0])).rejects.toThrow(/division by zero/);
    // A pool of one: a connection kept by any of these would leave the others waiting for ever.
    const added = await Promise.all([1, 2, 3].map(() => queryPrepared<{ id: number }>(ds, add, [])));
    expect(added.flat().map((row) => row.id)).toEqual([2, 3, 4]);
    expect(await ds.query('SELECT count(*)::int AS n FROM runs')).toEqual([{ n: 4 }]);
  });

  it('runs a prepared statement inside the caller transaction, which rolls it back with the rest', async () => {
    const ds = await start('prepared_tx');
    const add = { name: 'runs_add', text: 'INSERT INTO runs DEFAULT VALUES RETURNING id' };
    const count = async () => (await ds.query('SELECT count(*)::int AS n FROM runs'))[0].n as number;

    await expect(
      ds.transaction(async (manager) => {
        expect(await queryPreparedIn(manager, add, [])).toEqual([{ id: 2 }]);
        expect(await manager.query('SELECT count(*)::int AS n FROM runs')).toEqual([{ n: 2 }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await count()).toBe(1);

    await ds.transaction((manager) => queryPreparedIn(manager, add, []));
    // Outside a transaction, on the pool.
    await queryPreparedIn(ds.manager, add, []);
    expect(await count()).toBe(3);
  });

  it('runs prepared statements again once PostgreSQL is back from a restart', async () => {
    const postgres = await startPrivatePostgres();
    const own = await createTestDatabase(postgres.adminUrl);
    const ds = await createDataSource({
      url: own.url,
      schema: 'restarted',
      migrations: [SampleInit1700000000000],
    });
    const count = { name: 'runs_count', text: 'SELECT count(*)::int AS n FROM runs' };
    try {
      expect(await queryPrepared(ds, count, [])).toEqual([{ n: 1 }]);

      await postgres.stop();
      await expect(queryPrepared(ds, count, [])).rejects.toThrow();
      await postgres.start();

      // The dropped connections left the pool; new ones prepare the statement again.
      expect(await queryPrepared(ds, count, [])).toEqual([{ n: 1 }]);
      await ds.transaction(async (manager) => {
        expect(await queryPreparedIn(manager, count, [])).toEqual([{ n: 1 }]);
      });
    } finally {
      await ds.destroy();
      await own.drop();
      await postgres.destroy();
    }
  }, 60_000);

  it('refuses a schema name that is not a plain identifier', async () => {
    await expect(start('x"; DROP SCHEMA public; --')).rejects.toThrow(/invalid schema name/);
  });

  it('reports readiness, and not-ready once closed', async () => {
    const ds = await start('ready');
    expect(await databaseReady(ds)).toBe(true);
    await ds.destroy();
    expect(await databaseReady(ds)).toBe(false);
  });

  it('provides the DataSource to Nest and closes it on shutdown', async () => {
    @Module({
      imports: [
        PersistenceModule.forRootAsync({
          useFactory: () => ({ url: db.url, schema: 'nest', migrations: [SampleInit1700000000000] }),
        }),
      ],
    })
    class AppModule {}
    const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    const ds = app.get(DataSource);
    expect(await databaseReady(ds)).toBe(true);

    await app.close();
    expect(ds.isInitialized).toBe(false);
  });

  it('survives the server ending a held connection between statements, and drops that connection', async () => {
    const warnings: string[] = [];
    const logger = quietLogger({ warn: (_details, message) => void warnings.push(message ?? '') });
    const ds = await createDataSource({ url: db.url, schema: 'held', poolSize: 2, logger });
    open.push(ds);
    const held = ds.createQueryRunner();
    const [{ pid }] = await held.query('SELECT pg_backend_pid() AS pid');
    // What a PostgreSQL restart does to every session (57P01), while no statement of this one runs:
    // without a listener on the held connection, pg's 'error' event would kill the process.
    await ds.query('SELECT pg_terminate_backend($1)', [pid]);
    for (let i = 0; i < 50 && warnings.length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(warnings).toEqual(['a database connection failed while in use; it is dropped']);
    await expect(held.query('SELECT 1')).rejects.toThrow();
    await held.release();
    // The pool dropped the broken connection: every query after works.
    for (let i = 0; i < 4; i += 1) expect(await ds.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
