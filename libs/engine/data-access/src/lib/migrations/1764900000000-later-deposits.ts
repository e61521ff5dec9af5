import type { MigrationInterface, QueryRunner } from 'typeorm';

const BY_OPERATOR = 'The service operators are sending the deposit back minus the 1 % refund fee';

/**
 * Rule 1 in full: a swap keeps the deposits that confirmed after its own credit (`later`: joined,
 * paid on their own, or returned) and the returns of deposits it did not take (`returns`) in its
 * own state, so the state machine decides each deposit once, under the swap's version guard, and
 * every change reaches integrators on the swap's events. Returns made so far by operators move
 * from deposit_returns into the swaps they belong to; the table goes.
 */
export class LaterDeposits1764900000000 implements MigrationInterface {
  name = 'LaterDeposits1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE swaps ADD COLUMN later jsonb NOT NULL DEFAULT '[]'::jsonb`);
    await q.query(`ALTER TABLE swaps ADD COLUMN returns jsonb NOT NULL DEFAULT '[]'::jsonb`);
    await q.query(
      `
      WITH moved AS (
        SELECT r.swap_id,
          jsonb_agg(jsonb_build_object(
            'id', r.return_id, 'deposit', r.deposit_id, 'depositTx', d.txid,
            'deposited', r.deposited::text, 'amount', r.amount::text, 'address', r.address,
            'state', upper(r.state),
            'tx', CASE WHEN r.txid IS NULL THEN NULL ELSE jsonb_build_object(
              'id', r.txid, 'amount', r.amount::text, 'fee', r.fee::text, 'feeCurrency', r.fee_currency,
              'timeReg', extract(epoch FROM r.requested_at)::bigint, 'timeBlock', NULL,
              'confirmations', r.confirmations, 'txKey', NULL) END,
            'reason', COALESCE(r.reason, $1),
            'requestedAt', extract(epoch FROM r.requested_at)::bigint
          ) ORDER BY r.requested_at, r.return_id) AS returns,
          jsonb_agg(DISTINCT jsonb_build_object(
            'id', r.deposit_id, 'tx', d.txid, 'amount', r.deposited::text,
            'time', extract(epoch FROM r.requested_at)::bigint, 'handling', 'RETURNED', 'payout', NULL
          )) AS later
        FROM deposit_returns r JOIN deposits d ON d.deposit_id = r.deposit_id
        GROUP BY r.swap_id
      )
      UPDATE swaps s SET returns = moved.returns, later = moved.later FROM moved WHERE s.id = moved.swap_id`,
      [BY_OPERATOR],
    );
    await q.query(`DROP TABLE deposit_returns`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE deposit_returns (
        return_id text PRIMARY KEY,
        swap_id text NOT NULL REFERENCES swaps (id),
        deposit_id text NOT NULL REFERENCES deposits (deposit_id),
        network text NOT NULL,
        currency text NOT NULL,
        address text NOT NULL,
        deposited numeric(78,0) NOT NULL CHECK (deposited > 0),
        amount numeric(78,0) NOT NULL CHECK (amount > 0 AND amount <= deposited),
        state text NOT NULL CHECK (state IN ('requested', 'sent', 'confirmed', 'failed')),
        txid text,
        fee numeric(78,0),
        fee_currency text,
        confirmations integer NOT NULL DEFAULT 0,
        reason text,
        requested_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX deposit_returns_one_live ON deposit_returns (deposit_id) WHERE state <> 'failed'`,
    );
    await q.query(`CREATE INDEX deposit_returns_swap ON deposit_returns (swap_id)`);
    await q.query(`
      INSERT INTO deposit_returns (return_id, swap_id, deposit_id, network, currency, address, deposited, amount,
                                   state, txid, fee, fee_currency, confirmations, reason, requested_at)
      SELECT r->>'id', s.id, r->>'deposit', s.deposit_network, s.from_code, r->>'address',
             (r->>'deposited')::numeric, (r->>'amount')::numeric, lower(r->>'state'), r->'tx'->>'id',
             (r->'tx'->>'fee')::numeric, r->'tx'->>'feeCurrency', COALESCE((r->'tx'->>'confirmations')::int, 0),
             r->>'reason', to_timestamp((r->>'requestedAt')::bigint)
      FROM swaps s, jsonb_array_elements(s.returns) AS r
      WHERE r->>'address' IS NOT NULL AND (r->>'amount')::numeric > 0 AND r->>'state' <> 'WAITING'`);
    await q.query(`ALTER TABLE swaps DROP COLUMN returns`);
    await q.query(`ALTER TABLE swaps DROP COLUMN later`);
  }
}
