import { DataSource } from 'typeorm';
import type { SwapSnapshot } from '@swap/contracts';
import { BatchLookup } from './batch-lookup';

/** What the lookups need of node-postgres: a pool (or client) that runs named prepared statements. */
export interface PreparedQueryable {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

const FIND_MANY = {
  name: 'swap_views_find_many',
  text: 'SELECT id, snapshot FROM swap_views WHERE id = ANY($1::text[])',
};

/** TypeORM's node-postgres pool, when the data source has one (the postgres driver). */
function pgPool(dataSource: DataSource): PreparedQueryable | undefined {
  const master = (dataSource.driver as unknown as { master?: Partial<PreparedQueryable> }).master;
  return typeof master?.query === 'function' ? (master as PreparedQueryable) : undefined;
}

/** The read model: one row per swap, replaced only by a newer version (events may arrive late or twice). */
export class SwapViewRepository {
  private readonly lookups: BatchLookup<string, SwapSnapshot>;

  /**
   * Lookups by id go straight to the pool as one prepared statement, and the lookups of one
   * event-loop turn share one query (a status request is one indexed read; TypeORM's query runner
   * and a round trip per request cost more than the read).
   */
  constructor(
    private readonly dataSource: DataSource,
    /** null: go through TypeORM (a driver other than node-postgres). */
    pool: PreparedQueryable | null = pgPool(dataSource) ?? null,
  ) {
    this.lookups = new BatchLookup((ids) => this.findMany(pool, ids));
  }

  async upsert(snapshot: SwapSnapshot): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO swap_views (id, api_key, version, snapshot, updated_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (id) DO UPDATE
         SET version = EXCLUDED.version, snapshot = EXCLUDED.snapshot, updated_at = now()
         WHERE swap_views.version < EXCLUDED.version`,
      [snapshot.id, snapshot.apiKey, snapshot.version, snapshot],
    );
  }

  find(id: string): Promise<SwapSnapshot | null> {
    return this.lookups.load(id);
  }

  private async findMany(pool: PreparedQueryable | null, ids: string[]): Promise<Map<string, SwapSnapshot>> {
    const rows = (
      pool
        ? (await pool.query({ ...FIND_MANY, values: [ids] })).rows
        : await this.dataSource.query(FIND_MANY.text, [ids])
    ) as Array<{ id: string; snapshot: SwapSnapshot }>;
    return new Map(rows.map((row) => [row.id, row.snapshot]));
  }
}
