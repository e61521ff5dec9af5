import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds on chains whose transactions carry a deadline (Tron, Solana). A refund transaction the
 * node proves can never land is archived in replaced_refund_transactions and the refund's bytes
 * replaced by the ones the treasury signed again (one generation on); refused and last_error keep
 * the node's last refusal until then.
 */
export class RefundsExpiring1764800000000 implements MigrationInterface {
  name = 'RefundsExpiring1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE refunds ADD COLUMN valid_until bigint`);
    await q.query(`ALTER TABLE refunds ADD COLUMN generation integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE refunds ADD COLUMN last_error text`);
    await q.query(`ALTER TABLE refunds ADD COLUMN refused boolean NOT NULL DEFAULT false`);
    await q.query(`
      CREATE TABLE replaced_refund_transactions (
        refund_id text NOT NULL REFERENCES refunds (refund_id),
        generation integer NOT NULL,
        txid text NOT NULL,
        raw text NOT NULL,
        valid_until bigint,
        proof text NOT NULL,
        replaced_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (refund_id, generation)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE replaced_refund_transactions`);
    for (const column of ['refused', 'last_error', 'generation', 'valid_until'])
      await q.query(`ALTER TABLE refunds DROP COLUMN ${column}`);
  }
}
