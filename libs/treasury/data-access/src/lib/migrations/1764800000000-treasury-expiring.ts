import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Transactions with a deadline (Tron's expiration, Solana's recent blockhash) and Tron's resources.
 *
 * A signed transaction that can never land any more, as its node proves, is archived in
 * replaced_transactions and its transfer signed again (one generation later): the trigger that
 * keeps signed bytes now lets them go only for a replacement whose old bytes are archived, so no
 * signed transaction is ever forgotten. last_error and refused keep a node's last refusal, for
 * operators and for the decision once the deadline has passed (a refused transfer fails then, an
 * expired one is signed again). delegate / undelegate lend the hot wallet's staked energy to a
 * Tron deposit address for its token sweep, and take it back.
 */
export class TreasuryExpiring1764800000000 implements MigrationInterface {
  name = 'TreasuryExpiring1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transfers ADD COLUMN valid_until bigint`);
    await q.query(`ALTER TABLE transfers ADD COLUMN generation integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE transfers ADD COLUMN last_error text`);
    await q.query(`ALTER TABLE transfers ADD COLUMN refused boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE transfers DROP CONSTRAINT transfers_kind_check`);
    await q.query(
      `ALTER TABLE transfers ADD CONSTRAINT transfers_kind_check
       CHECK (kind IN ('payout', 'refund', 'sweep', 'gas', 'delegate', 'undelegate'))`,
    );
    await q.query(`
      CREATE TABLE replaced_transactions (
        transfer_id text NOT NULL REFERENCES transfers (id),
        generation integer NOT NULL,
        txid text NOT NULL,
        raw text NOT NULL,
        fee numeric(78,0) NOT NULL,
        fee_currency text NOT NULL,
        valid_until bigint,
        proof text NOT NULL,
        replaced_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (transfer_id, generation)
      )`);
    await q.query(`CREATE INDEX replaced_transactions_txid ON replaced_transactions (txid)`);
    // The sweeps' follow-ups now cover lent energy and ended sweeps too; those that ended before
    // this version needed no follow-up (nothing was lent).
    await q.query(`DROP INDEX transfers_gas_to_follow`);
    await q.query(
      `UPDATE transfers SET followed_up_at = now() WHERE kind = 'sweep' AND state IN ('CONFIRMED', 'FAILED')`,
    );
    await q.query(
      `CREATE INDEX transfers_to_follow_up ON transfers (seq)
       WHERE ((kind = 'gas' AND state = 'CONFIRMED') OR (kind IN ('delegate', 'sweep') AND state IN ('CONFIRMED', 'FAILED')))
       AND followed_up_at IS NULL`,
    );
    await q.query(`
      CREATE OR REPLACE FUNCTION transfers_keep_signature() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT AS $$
      BEGIN
        IF OLD.raw IS NOT NULL AND (NEW.raw IS DISTINCT FROM OLD.raw OR NEW.txid IS DISTINCT FROM OLD.txid) THEN
          IF NEW.raw IS NULL AND NEW.txid IS NULL AND NEW.state = 'PLANNED'
             AND NEW.generation = OLD.generation + 1
             AND EXISTS (SELECT 1 FROM replaced_transactions r WHERE r.transfer_id = OLD.id
                         AND r.generation = OLD.generation AND r.txid = OLD.txid AND r.raw = OLD.raw) THEN
            RETURN NEW;
          END IF;
          RAISE EXCEPTION 'transfer %: its signed transaction cannot change', OLD.id;
        END IF;
        RETURN NEW;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX transfers_to_follow_up`);
    await q.query(
      `CREATE INDEX transfers_gas_to_follow ON transfers (seq)
       WHERE kind = 'gas' AND state = 'CONFIRMED' AND followed_up_at IS NULL`,
    );
    await q.query(`
      CREATE OR REPLACE FUNCTION transfers_keep_signature() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.raw IS NOT NULL AND (NEW.raw IS DISTINCT FROM OLD.raw OR NEW.txid IS DISTINCT FROM OLD.txid) THEN
          RAISE EXCEPTION 'transfer %: its signed transaction cannot change', OLD.id;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`DROP TABLE replaced_transactions`);
    await q.query(`ALTER TABLE transfers DROP CONSTRAINT transfers_kind_check`);
    await q.query(
      `ALTER TABLE transfers ADD CONSTRAINT transfers_kind_check CHECK (kind IN ('payout', 'refund', 'sweep', 'gas'))`,
    );
    for (const column of ['refused', 'last_error', 'generation', 'valid_until'])
      await q.query(`ALTER TABLE transfers DROP COLUMN ${column}`);
  }
}
