import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stuck transfers (issue 25): an operator's fee bump or nonce filler.
 *
 * transfer_transactions records every signed transaction of a transfer that conflicts with its
 * payout's: the first signing (copied in when the first replacement is made), each fee bump
 * ('payout': the same payment) and nonce fillers ('filler': a zero-value transfer to the hot
 * wallet at the same nonce). They spend the same inputs or nonce, so at most one of them lands;
 * 'child' rows are CPFP children instead: they spend a payout transaction's change (parent_txid)
 * and can land only with it;
 * the transfer row holds the payout transaction it currently sends, and may switch only between
 * recorded ones (the trigger below), so no signed transaction is ever forgotten.
 * attempts/next_attempt_at/last_error now also pace re-broadcasts of a BROADCAST transfer the node lost.
 */
export class TreasuryReplacements1766100000000 implements MigrationInterface {
  name = 'TreasuryReplacements1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE transfer_transactions (
        transfer_id text NOT NULL REFERENCES transfers (id),
        txid text NOT NULL,
        role text NOT NULL CHECK (role IN ('payout', 'filler', 'child')),
        parent_txid text CHECK ((role = 'child') = (parent_txid IS NOT NULL)),
        raw text NOT NULL,
        fee numeric(78,0) NOT NULL,
        fee_currency text NOT NULL,
        seq bigserial NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (transfer_id, txid)
      )`);
    await q.query(`CREATE INDEX transfer_transactions_txid ON transfer_transactions (txid)`);
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
          -- A switch between payout transactions both recorded as this transfer's.
          IF NEW.raw IS NOT NULL
             AND EXISTS (SELECT 1 FROM transfer_transactions t WHERE t.transfer_id = OLD.id
                         AND t.role = 'payout' AND t.txid = OLD.txid AND t.raw = OLD.raw)
             AND EXISTS (SELECT 1 FROM transfer_transactions t WHERE t.transfer_id = OLD.id
                         AND t.role = 'payout' AND t.txid = NEW.txid AND t.raw = NEW.raw) THEN
            RETURN NEW;
          END IF;
          RAISE EXCEPTION 'transfer %: its signed transaction cannot change', OLD.id;
        END IF;
        RETURN NEW;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
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
    await q.query(`DROP TABLE transfer_transactions`);
  }
}
