import { DataSource } from 'typeorm';
import type { SwapSnapshot } from '@swap/contracts';

/** The read model: one row per swap, replaced only by a newer version (events may arrive late or twice). */
export class SwapViewRepository {
  constructor(private readonly dataSource: DataSource) {}

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

  async find(id: string): Promise<SwapSnapshot | null> {
    const rows: Array<{ snapshot: SwapSnapshot }> = await this.dataSource.query(
      'SELECT snapshot FROM swap_views WHERE id = $1',
      [id],
    );
    return rows[0]?.snapshot ?? null;
  }
}
