import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * D12. `webhooks`: one per API key, its secret sealed (SecretBox). `webhook_events`: every swap
 * change the notifier has read, in swap version order; the ones of keys with a webhook are
 * `pending` until delivered or given up, the others `skipped` (kept so that a swap's next event
 * knows its predecessor is done). `webhook_deliveries`: every attempt, for `swapctl webhooks
 * deliveries`.
 */
export class NotifierInit1767000000000 implements MigrationInterface {
  name = 'NotifierInit1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhooks (
        api_key text PRIMARY KEY,
        url text NOT NULL,
        secret_sealed text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE webhook_events (
        event_id text PRIMARY KEY,
        api_key text NOT NULL,
        swap_id text NOT NULL,
        version integer NOT NULL CHECK (version > 0),
        body text,
        state text NOT NULL CHECK (state IN ('pending', 'delivered', 'given_up', 'skipped')),
        attempts integer NOT NULL DEFAULT 0,
        round_start integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        leased_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        UNIQUE (swap_id, version),
        CHECK (state = 'skipped' OR body IS NOT NULL)
      )`);
    await q.query(
      `CREATE INDEX webhook_events_due ON webhook_events (next_attempt_at) WHERE state = 'pending'`,
    );
    await q.query(
      `CREATE INDEX webhook_events_finished ON webhook_events (finished_at) WHERE state <> 'pending'`,
    );
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id bigserial PRIMARY KEY,
        event_id text NOT NULL REFERENCES webhook_events (event_id) ON DELETE CASCADE,
        api_key text NOT NULL,
        attempt integer NOT NULL,
        url text NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        http_status integer,
        ok boolean NOT NULL,
        error text,
        duration_ms integer NOT NULL
      )`);
    await q.query(`CREATE INDEX webhook_deliveries_key ON webhook_deliveries (api_key, id DESC)`);
    await q.query(`CREATE INDEX webhook_deliveries_failed ON webhook_deliveries (id DESC) WHERE NOT ok`);
    await q.query(`CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhook_events`);
    await q.query(`DROP TABLE webhooks`);
  }
}
