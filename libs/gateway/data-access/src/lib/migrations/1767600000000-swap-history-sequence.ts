import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Swaps created within one second are listed in the order the engine created them, newest first,
 * by the snapshot's creation sequence `seq` (issue 34), then by id for rows stored before the
 * snapshot had one (their sequence reads as 0). The history's indexes gain that column between
 * the creation time and the id, in the order the pages read them (swap-history.repository.ts).
 */
export class SwapHistorySequence1767600000000 implements MigrationInterface {
  name = 'SwapHistorySequence1767600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX swap_views_newest`);
    await q.query(`DROP INDEX swap_views_status_newest`);
    await q.query(
      `CREATE INDEX swap_views_newest ON swap_views (api_key, ((snapshot->'time'->>'reg')::bigint) DESC,
         (coalesce((snapshot->>'seq')::bigint, 0)) DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX swap_views_status_newest ON swap_views (api_key, (snapshot->>'status'),
         ((snapshot->'time'->>'reg')::bigint) DESC, (coalesce((snapshot->>'seq')::bigint, 0)) DESC, id DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX swap_views_status_newest`);
    await q.query(`DROP INDEX swap_views_newest`);
    await q.query(
      `CREATE INDEX swap_views_newest ON swap_views (api_key, ((snapshot->'time'->>'reg')::bigint) DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX swap_views_status_newest
       ON swap_views (api_key, (snapshot->>'status'), ((snapshot->'time'->>'reg')::bigint) DESC, id DESC)`,
    );
  }
}
