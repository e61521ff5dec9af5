import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per refund attempt the engine requested. The signed bytes are stored before anything is
 * sent, so after any crash the same transaction is sent again, never a new one.
 */
export class RefundsInit1764000000000 implements MigrationInterface {
  name = 'RefundsInit1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE refunds (
        refund_id text PRIMARY KEY,
        swap_id text NOT NULL,
        network text NOT NULL,
        currency text NOT NULL,
        address text NOT NULL,
        amount numeric(78,0) NOT NULL CHECK (amount > 0),
        deposited numeric(78,0) NOT NULL,
        state text NOT NULL CHECK (state IN ('REQUESTED', 'SIGNED', 'SENT', 'CONFIRMED', 'FAILED')),
        txid text,
        raw text,
        fee numeric(78,0),
        fee_currency text,
        confirmations integer NOT NULL DEFAULT 0,
        reason text,
        reported text,
        requested_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (state = 'REQUESTED' OR state = 'FAILED' OR (txid IS NOT NULL AND raw IS NOT NULL))
      )`);
    await q.query(
      `CREATE INDEX refunds_open ON refunds (state) WHERE state IN ('REQUESTED', 'SIGNED', 'SENT')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE refunds`);
  }
}
