import type { Network } from '@swap/domain';
import { Pool } from 'pg';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SentTransaction {
  txid: string;
  sender: string;
  currency: string;
  amount: string;
  state: string;
}

/**
 * What the treasury and the devnet stored, read from their schemas in the stack's database: the
 * crash test compares the treasury's transfers and ledger with the devnet's own record.
 */
export class CrashRecords {
  private readonly db: Pool;

  constructor(databaseUrl: string) {
    this.db = new Pool({ connectionString: databaseUrl, max: 4 });
  }

  close(): Promise<void> {
    return this.db.end();
  }

  /**
   * The treasury's unsettled transfers by state ("none in flight" when there are none); with
   * `waitMs`, waits up to that long for one being signed or sent (PLANNED or SIGNED).
   */
  async transfersInFlight(waitMs = 0): Promise<string> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const { rows } = await this.db.query<{ state: string; count: string }>(
        `SELECT state, count(*) FROM treasury.transfers
         WHERE state IN ('PLANNED', 'SIGNED', 'BROADCAST') GROUP BY state ORDER BY state`,
      );
      if (Date.now() >= deadline || rows.some((r) => r.state !== 'BROADCAST'))
        return rows.map((r) => `${r.state} ${r.count}`).join(', ') || 'none in flight';
      await sleep(10);
    }
  }

  /** Every signed transaction the devnet took to `address`, whatever became of it. */
  async sentTo(net: Network, address: string): Promise<SentTransaction[]> {
    const { rows } = await this.db.query<SentTransaction>(
      `SELECT txid, sender, currency, amount::text, state FROM devnet.transactions
       WHERE network = $1 AND recipient = $2 AND kind = 'signed' ORDER BY seq`,
      [net, address],
    );
    return rows;
  }

  /** The treasury's payout and refund transfers of a swap. */
  async paymentsOf(swapId: string): Promise<Array<{ kind: string; txid: string; state: string }>> {
    const { rows } = await this.db.query(
      `SELECT kind, txid, state FROM treasury.transfers
       WHERE swap_id = $1 AND kind IN ('payout', 'refund') ORDER BY seq`,
      [swapId],
    );
    return rows;
  }

  /** Currencies whose ledger entries, all swaps together, do not sum to zero. */
  async unbalancedCurrencies(): Promise<Array<{ currency: string; total: string }>> {
    const { rows } = await this.db.query(
      `SELECT currency, sum(amount)::text AS total FROM treasury.ledger_entries
       GROUP BY currency HAVING sum(amount) <> 0`,
    );
    return rows;
  }

  /** What the devnet gave `hot` at genesis in `code`, and what the ledger's `accounts` hold of it. */
  async genesisAndBooks(
    net: Network,
    hot: string,
    code: string,
    accounts: string[],
  ): Promise<{ genesis: bigint; booked: bigint }> {
    const { rows } = await this.db.query<{ genesis: string; booked: string }>(
      `SELECT (SELECT coalesce(sum(amount), 0) FROM devnet.transactions
               WHERE kind = 'genesis' AND network = $1 AND recipient = $2 AND currency = $3)::text AS genesis,
              (SELECT coalesce(sum(amount), 0) FROM treasury.ledger_entries
               WHERE account = ANY($4) AND currency = $3)::text AS booked`,
      [net, hot, code, accounts],
    );
    return { genesis: BigInt(rows[0].genesis), booked: BigInt(rows[0].booked) };
  }

  /** Every transaction each treasury transfer of `network` signed: the current one and those it replaced. */
  async signedByTransfer(
    net: Network,
  ): Promise<Array<{ id: string; kind: string; state: string; txids: string[] }>> {
    const { rows } = await this.db.query(
      `SELECT t.id, t.kind, t.state,
              array_remove(array_append(coalesce((SELECT array_agg(r.txid ORDER BY r.generation)
                 FROM treasury.replaced_transactions r WHERE r.transfer_id = t.id), '{}'), t.txid), NULL) AS txids
       FROM treasury.transfers t WHERE t.network = $1 ORDER BY t.seq`,
      [net],
    );
    return rows;
  }

  /** How many transactions the treasury replaced after they expired unlanded, per network. */
  async replacedByNetwork(): Promise<Record<string, number>> {
    const { rows } = await this.db.query<{ network: string; count: number }>(
      `SELECT t.network, count(*)::int AS count FROM treasury.replaced_transactions r
       JOIN treasury.transfers t ON t.id = r.transfer_id GROUP BY t.network ORDER BY t.network`,
    );
    return Object.fromEntries(rows.map((row) => [row.network, row.count]));
  }

  /** What the ledger's `accounts` hold of `code`. */
  async booked(code: string, accounts: string[]): Promise<bigint> {
    const { rows } = await this.db.query<{ booked: string }>(
      `SELECT coalesce(sum(amount), 0)::text AS booked FROM treasury.ledger_entries
       WHERE account = ANY($1) AND currency = $2`,
      [accounts, code],
    );
    return BigInt(rows[0].booked);
  }

  /** Every signed transaction on the devnet, with how many treasury transfers carry its txid. */
  async signedTransactions(): Promise<Array<{ txid: string; transfers: number }>> {
    const { rows } = await this.db.query(
      `SELECT d.txid, (SELECT count(*)::int FROM treasury.transfers t WHERE t.txid = d.txid) AS transfers
       FROM devnet.transactions d WHERE d.kind = 'signed'`,
    );
    return rows;
  }
}
