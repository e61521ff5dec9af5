import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Returns of deposits a swap did not take (they came after its crediting or its end), one row per
 * attempt. The partial unique index is what keeps a deposit from going back twice: while one
 * return of it is under way or done, no other can be written.
 */
export class DepositReturns1764600000000 implements MigrationInterface {
  name = 'DepositReturns1764600000000';

  async up(q: QueryRunner): Promise<void> {
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
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE deposit_returns`);
  }
}
