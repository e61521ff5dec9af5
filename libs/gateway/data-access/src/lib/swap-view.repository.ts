import { DataSource } from 'typeorm';
import type { SwapSnapshot } from '@swap/contracts';
import { BatchLookup, BatchWriter, queryPrepared, type PreparedStatement } from '@swap/persistence';

const FIND_MANY: PreparedStatement = {
  name: 'swap_views_find_many',
  text: 'SELECT id, snapshot FROM swap_views WHERE id = ANY($1::text[])',
};

/** The updates consumed in one turn, in one statement. */
const UPSERT_MANY: PreparedStatement = {
  name: 'swap_views_upsert_many',
  text: `INSERT INTO swap_views (id, api_key, version, snapshot, updated_at)
         SELECT v.snapshot->>'id', v.snapshot->>'apiKey', (v.snapshot->>'version')::integer, v.snapshot, now()
         FROM jsonb_array_elements($1::jsonb) AS v(snapshot)
         ON CONFLICT (id) DO UPDATE
           SET version = EXCLUDED.version, snapshot = EXCLUDED.snapshot, updated_at = now()
           WHERE swap_views.version < EXCLUDED.version`,
};

/** The read model: one row per swap, replaced only by a newer version (events may arrive late or twice). */
export class SwapViewRepository {
  private readonly lookups: BatchLookup<string, SwapSnapshot>;
  private readonly upserts: BatchWriter<SwapSnapshot, void>;

  /**
   * Lookups by id go to PostgreSQL as one prepared statement, and the lookups of one event-loop
   * turn share one query (a status request is one indexed read; parsing and planning it, and a
   * round trip per request, cost more than the read).
   */
  constructor(private readonly dataSource: DataSource) {
    this.lookups = new BatchLookup((ids) => this.findMany(ids));
    this.upserts = new BatchWriter((snapshots) => this.upsertMany(snapshots), {
      keyOf: (snapshot) => snapshot.id,
    });
  }

  upsert(snapshot: SwapSnapshot): Promise<void> {
    return this.upserts.write(snapshot);
  }

  find(id: string): Promise<SwapSnapshot | null> {
    return this.lookups.load(id);
  }

  private async upsertMany(snapshots: SwapSnapshot[]): Promise<void[]> {
    await queryPrepared(this.dataSource, UPSERT_MANY, [JSON.stringify(snapshots)]);
    return snapshots.map(() => undefined);
  }

  private async findMany(ids: string[]): Promise<Map<string, SwapSnapshot>> {
    const rows = await queryPrepared<{ id: string; snapshot: SwapSnapshot }>(this.dataSource, FIND_MANY, [
      ids,
    ]);
    return new Map(rows.map((row) => [row.id, row.snapshot]));
  }
}
