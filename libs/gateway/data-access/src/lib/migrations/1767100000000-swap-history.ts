import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * D14's order history and the per-key statistics read a key's swaps newest first, by creation
 * time (the snapshot's `time.reg`, unix seconds), optionally of some statuses. Indexed on the
 * expressions themselves rather than on new columns: the read model's writer stays as it is, and
 * a table of millions of swaps is not rewritten (building an index holds the consumer's writes
 * back for its duration, never the reads). A page is one index range of its key, from the
 * cursor's (time, id) on; a status filter reads one range per status and merges them
 * (swap-history.repository.ts), so a rare status is as fast as the unfiltered list. The key's
 * old index is a prefix of the first one.
 */
export class SwapHistory1767100000000 implements MigrationInterface {
  name = 'SwapHistory1767100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX swap_views_newest ON swap_views (api_key, ((snapshot->'time'->>'reg')::bigint) DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX swap_views_status_newest
       ON swap_views (api_key, (snapshot->>'status'), ((snapshot->'time'->>'reg')::bigint) DESC, id DESC)`,
    );
    await q.query(`DROP INDEX swap_views_api_key`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX swap_views_api_key ON swap_views (api_key)`);
    await q.query(`DROP INDEX swap_views_status_newest`);
    await q.query(`DROP INDEX swap_views_newest`);
  }
}
