import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * D19's public swap page limits the swaps one client keeps open (NEW) across every gateway
 * replica: each swap created on the page is recorded with a keyed hash of its client (HMAC of the
 * IPv4 address or IPv6 /64 under the page's secret, never the address itself), and its status is
 * read from the read model (swap_views). The index serves the count of one client's recent rows.
 */
export class PageSwaps1767650000000 implements MigrationInterface {
  name = 'PageSwaps1767650000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE page_swaps (
        swap_id text PRIMARY KEY,
        client text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX page_swaps_client ON page_swaps (client, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE page_swaps`);
  }
}
