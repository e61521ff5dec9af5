import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32: the treasury signs only what was ordered, within its limits, unless frozen.
 *
 * - transfers.state HELD: above a payout limit, waiting for an operator (never signed meanwhile);
 *   hold_reason says which limit, approved_at when an operator let it go. cleared_at is when the
 *   policy let it leave (within the limits, or approved): the rolling windows sum the transfers
 *   cleared in them. Transfers that left in the last day before this migration count from when they
 *   were planned, so the windows start full, not empty.
 * - refund_orders: the engine's refund commands as the treasury recorded them; the refunds
 *   service's signing requests are checked against them.
 * - signing_freezes: the operator's kill switch, per network or 'all'; it survives restarts.
 */
export class TreasuryPayoutPolicy1767300000000 implements MigrationInterface {
  name = 'TreasuryPayoutPolicy1767300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transfers DROP CONSTRAINT transfers_state_check`);
    await q.query(
      `ALTER TABLE transfers ADD CONSTRAINT transfers_state_check
       CHECK (state IN ('PLANNED', 'HELD', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED'))`,
    );
    // Bytes from SIGNED on; a held transfer has none, like a planned one.
    await q.query(`ALTER TABLE transfers DROP CONSTRAINT transfers_check`);
    await q.query(
      `ALTER TABLE transfers ADD CONSTRAINT transfers_check
       CHECK (state IN ('PLANNED', 'HELD', 'FAILED') OR (txid IS NOT NULL AND raw IS NOT NULL AND fee IS NOT NULL AND fee_currency IS NOT NULL))`,
    );
    await q.query(
      `ALTER TABLE transfers ADD COLUMN cleared_at timestamptz, ADD COLUMN hold_reason text,
       ADD COLUMN approved_at timestamptz`,
    );
    await q.query(
      `UPDATE transfers SET cleared_at = created_at
       WHERE kind IN ('payout', 'refund', 'gas') AND state <> 'PLANNED' AND created_at > now() - interval '1 day'`,
    );
    await q.query(
      `CREATE INDEX transfers_cleared ON transfers (currency, cleared_at)
       WHERE cleared_at IS NOT NULL AND kind IN ('payout', 'refund', 'gas')`,
    );
    await q.query(`CREATE INDEX transfers_held ON transfers (seq) WHERE state = 'HELD'`);
    // What the hot wallets have promised now includes held transfers (an approval pays them).
    await q.query(`DROP INDEX transfers_reserving`);
    await q.query(
      `CREATE INDEX transfers_reserving ON transfers (currency)
       WHERE kind <> 'sweep' AND state IN ('PLANNED', 'HELD', 'SIGNED', 'BROADCAST')`,
    );

    await q.query(`
      CREATE TABLE refund_orders (
        refund_id text PRIMARY KEY,
        swap_id text NOT NULL,
        network text NOT NULL,
        currency text NOT NULL,
        address text NOT NULL,
        amount numeric(78,0) NOT NULL CHECK (amount > 0),
        requested_at bigint NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE signing_freezes (
        scope text PRIMARY KEY,
        reason text,
        frozen_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE signing_freezes`);
    await q.query(`DROP TABLE refund_orders`);
    await q.query(`DROP INDEX transfers_reserving`);
    await q.query(
      `CREATE INDEX transfers_reserving ON transfers (currency)
       WHERE kind <> 'sweep' AND state IN ('PLANNED', 'SIGNED', 'BROADCAST')`,
    );
    await q.query(`DROP INDEX transfers_held`);
    await q.query(`DROP INDEX transfers_cleared`);
    // A held transfer was never signed: back to PLANNED, the policy gone with its columns.
    await q.query(`UPDATE transfers SET state = 'PLANNED' WHERE state = 'HELD'`);
    await q.query(
      `ALTER TABLE transfers DROP COLUMN approved_at, DROP COLUMN hold_reason, DROP COLUMN cleared_at`,
    );
    await q.query(`ALTER TABLE transfers DROP CONSTRAINT transfers_check`);
    await q.query(
      `ALTER TABLE transfers ADD CONSTRAINT transfers_check
       CHECK (state IN ('PLANNED', 'FAILED') OR (txid IS NOT NULL AND raw IS NOT NULL AND fee IS NOT NULL AND fee_currency IS NOT NULL))`,
    );
    await q.query(`ALTER TABLE transfers DROP CONSTRAINT transfers_state_check`);
    await q.query(
      `ALTER TABLE transfers ADD CONSTRAINT transfers_state_check
       CHECK (state IN ('PLANNED', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED'))`,
    );
  }
}
