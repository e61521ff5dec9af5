import { MigrationInterface, QueryRunner } from 'typeorm';

export class EngineInit1763700000000 implements MigrationInterface {
  name = 'EngineInit1763700000000';

  async up(q: QueryRunner): Promise<void> {
    // Money columns are numeric(78,0): integer base units of any chain (up to 2^256) without loss.
    await q.query(`
      CREATE TABLE swaps (
        id text PRIMARY KEY,
        request_id text NOT NULL UNIQUE,
        token text NOT NULL,
        api_key text NOT NULL,
        dryrun boolean NOT NULL,
        type text NOT NULL CHECK (type IN ('float', 'fixed')),
        direction text NOT NULL CHECK (direction IN ('from', 'to')),
        status text NOT NULL,
        from_code text NOT NULL,
        to_code text NOT NULL,
        amount_from numeric(78,0) NOT NULL,
        amount_to numeric(78,0) NOT NULL,
        amount_deposited numeric(78,0) NOT NULL DEFAULT 0,
        rate text NOT NULL,
        rate_actual text,
        fee_percent text NOT NULL,
        partner_percent text NOT NULL,
        fee_amount numeric(78,0) NOT NULL,
        slippage text,
        deposit_network text NOT NULL,
        deposit_index bigint,
        deposit_address text NOT NULL,
        to_address text NOT NULL,
        refund_address text,
        deposit_tx jsonb,
        payout_tx jsonb,
        refund_tx jsonb,
        issue jsonb NOT NULL,
        proposed jsonb,
        auto_execute_on_mismatch boolean NOT NULL,
        time_reg bigint NOT NULL,
        time_start bigint,
        time_finish bigint,
        time_update bigint NOT NULL,
        time_expiration bigint NOT NULL,
        version integer NOT NULL
      )`);
    await q.query(
      `CREATE UNIQUE INDEX swaps_deposit_address ON swaps (deposit_network, deposit_address) WHERE NOT dryrun`,
    );
    await q.query(`CREATE INDEX swaps_status ON swaps (status)`);
    await q.query(
      `CREATE INDEX swaps_open_expiry ON swaps (time_expiration) WHERE status = 'NEW' AND NOT dryrun`,
    );
    await q.query(`
      CREATE TABLE address_counters (
        network text PRIMARY KEY,
        next_index bigint NOT NULL
      )`);
    // Transactional outbox: a state change and its event commit together; the relay publishes them.
    await q.query(`
      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        msg_id text NOT NULL UNIQUE,
        subject text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_unpublished ON outbox (id) WHERE published_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE outbox`);
    await q.query(`DROP TABLE address_counters`);
    await q.query(`DROP TABLE swaps`);
  }
}
