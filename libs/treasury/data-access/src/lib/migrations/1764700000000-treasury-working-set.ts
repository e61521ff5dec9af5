import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The treasury's timers read only what is still open, not every transfer ever made: each read had
 * scanned the whole table on every pass (liquidity, progress reports, token sweeps), which grows
 * with every swap. A confirmed gas top-up is followed up once (its token sweep planned, or nothing
 * left to sweep) and then marked, so it leaves the token sweeps' working set.
 */
export class TreasuryWorkingSet1764700000000 implements MigrationInterface {
  name = 'TreasuryWorkingSet1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX transfers_reserving ON transfers (currency)
       WHERE kind <> 'sweep' AND state IN ('PLANNED', 'SIGNED', 'BROADCAST')`,
    );
    await q.query(
      `CREATE INDEX transfers_unreported ON transfers (seq) WHERE kind = 'payout' AND reported_version < version`,
    );
    await q.query(`ALTER TABLE transfers ADD COLUMN followed_up_at timestamptz`);
    await q.query(
      `UPDATE transfers g SET followed_up_at = now() WHERE g.kind = 'gas' AND g.state = 'CONFIRMED'
       AND EXISTS (SELECT 1 FROM transfers s WHERE s.id = 'sweep:' || substr(g.id, length('gas:') + 1))`,
    );
    await q.query(
      `CREATE INDEX transfers_gas_to_follow ON transfers (seq)
       WHERE kind = 'gas' AND state = 'CONFIRMED' AND followed_up_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX transfers_gas_to_follow`);
    await q.query(`ALTER TABLE transfers DROP COLUMN followed_up_at`);
    await q.query(`DROP INDEX transfers_unreported`);
    await q.query(`DROP INDEX transfers_reserving`);
  }
}
