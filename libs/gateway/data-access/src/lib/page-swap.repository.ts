import type { DataSource } from 'typeorm';
import { queryPrepared, type PreparedStatement } from '@swap/persistence';

const RECORD: PreparedStatement = {
  name: 'page_swaps_record',
  text: `INSERT INTO page_swaps (swap_id, client) VALUES ($1, $2) ON CONFLICT (swap_id) DO NOTHING`,
};

/** A client's swaps still waiting for their deposit, as the read model last saw them. */
const COUNT_OPEN: PreparedStatement = {
  name: 'page_swaps_count_open',
  text: `SELECT count(*)::int AS open FROM page_swaps p JOIN swap_views v ON v.id = p.swap_id
         WHERE p.client = $1 AND p.created_at > now() - make_interval(secs => $2)
           AND v.snapshot->>'status' = 'NEW'`,
};

/**
 * The swaps created on the public swap page (D19), by the keyed hash of their client: shared by
 * every gateway replica, so the limit of open swaps per client holds whichever replica answers.
 */
export class PageSwapRepository {
  constructor(private readonly dataSource: DataSource) {}

  async record(swapId: string, client: string): Promise<void> {
    await queryPrepared(this.dataSource, RECORD, [swapId, client]);
  }

  /** The client's swaps created within `withinSeconds` (longer than a payment window) that are still NEW. */
  async countOpen(client: string, withinSeconds: number): Promise<number> {
    const [row] = await queryPrepared<{ open: number }>(this.dataSource, COUNT_OPEN, [client, withinSeconds]);
    return row.open;
  }
}
