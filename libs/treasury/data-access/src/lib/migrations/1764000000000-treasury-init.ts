import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TreasuryInit1764000000000 implements MigrationInterface {
  name = 'TreasuryInit1764000000000';

  async up(q: QueryRunner): Promise<void> {
    // Every transaction the treasury signs: payouts, signed refunds, sweeps and gas top-ups. Money
    // columns are numeric(78,0): integer base units of any chain without loss.
    await q.query(`
      CREATE TABLE transfers (
        id text PRIMARY KEY,
        seq bigserial NOT NULL UNIQUE,
        kind text NOT NULL CHECK (kind IN ('payout', 'refund', 'sweep', 'gas')),
        swap_id text,
        network text NOT NULL,
        currency text NOT NULL,
        from_index integer NOT NULL CHECK (from_index >= 0),
        to_address text NOT NULL,
        amount numeric(78,0) NOT NULL CHECK (amount > 0),
        state text NOT NULL CHECK (state IN ('PLANNED', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED')),
        txid text,
        raw text,
        fee numeric(78,0),
        fee_currency text,
        tx_key text,
        confirmations integer NOT NULL DEFAULT 0,
        failure text,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT 'epoch', -- due at once; set by the sender's clock after a failed attempt
        version integer NOT NULL DEFAULT 1,
        reported_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (state IN ('PLANNED', 'FAILED') OR (txid IS NOT NULL AND raw IS NOT NULL AND fee IS NOT NULL AND fee_currency IS NOT NULL))
      )`);
    await q.query(
      `CREATE INDEX transfers_unsent ON transfers (network, seq) WHERE state IN ('PLANNED', 'SIGNED')`,
    );
    await q.query(`CREATE INDEX transfers_in_flight ON transfers (seq) WHERE state = 'BROADCAST'`);
    await q.query(`CREATE INDEX transfers_swap ON transfers (swap_id)`);
    // Signed bytes are broadcast again after a crash, never replaced: the database refuses a change.
    await q.query(`
      CREATE FUNCTION transfers_keep_signature() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.raw IS NOT NULL AND (NEW.raw IS DISTINCT FROM OLD.raw OR NEW.txid IS DISTINCT FROM OLD.txid) THEN
          RAISE EXCEPTION 'transfer %: its signed transaction cannot change', OLD.id;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER transfers_keep_signature BEFORE UPDATE ON transfers
      FOR EACH ROW EXECUTE FUNCTION transfers_keep_signature()`);

    // Double-entry ledger: a batch is one effect of one swap; its entries sum to zero per currency.
    await q.query(`
      CREATE TABLE ledger_batches (
        key text PRIMARY KEY,
        swap_id text NOT NULL,
        memo text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX ledger_batches_swap ON ledger_batches (swap_id, created_at)`);
    await q.query(`
      CREATE TABLE ledger_entries (
        id bigserial PRIMARY KEY,
        batch_key text NOT NULL REFERENCES ledger_batches (key),
        account text NOT NULL,
        currency text NOT NULL,
        amount numeric(78,0) NOT NULL CHECK (amount <> 0)
      )`);
    await q.query(`CREATE INDEX ledger_entries_batch ON ledger_entries (batch_key)`);
    await q.query(`CREATE INDEX ledger_entries_account ON ledger_entries (account, currency)`);
    // Checked at commit, once every entry of the batch is in: the writer checks too, this is the backstop.
    await q.query(`
      CREATE FUNCTION ledger_batch_balanced() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      DECLARE
        off record;
      BEGIN
        SELECT currency, sum(amount) AS total INTO off FROM ledger_entries
          WHERE batch_key = NEW.batch_key GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
        IF FOUND THEN
          RAISE EXCEPTION 'ledger batch % does not balance in %: %', NEW.batch_key, off.currency, off.total
            USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_batch_balanced()`);
    await q.query(`
      CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the ledger is append-only: post a reversing batch instead';
      END $$`);
    for (const table of ['ledger_batches', 'ledger_entries']) {
      await q.query(`
        CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION ledger_append_only()`);
    }

    // What the treasury learnt of each real swap from its events: where the deposit sits, and how
    // much of it the ledger has recorded.
    await q.query(`
      CREATE TABLE swap_books (
        swap_id text PRIMARY KEY,
        currency text NOT NULL,
        network text NOT NULL,
        deposit_address text NOT NULL,
        deposit_index integer,
        deposited numeric(78,0) NOT NULL DEFAULT 0
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE swap_books`);
    await q.query(`DROP TABLE ledger_entries`);
    await q.query(`DROP TABLE ledger_batches`);
    await q.query(`DROP FUNCTION ledger_append_only()`);
    await q.query(`DROP FUNCTION ledger_batch_balanced()`);
    await q.query(`DROP TABLE transfers`);
    await q.query(`DROP FUNCTION transfers_keep_signature()`);
  }
}
