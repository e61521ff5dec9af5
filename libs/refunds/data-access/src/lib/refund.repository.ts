import { DataSource } from 'typeorm';
import type { CurrencyCode, Network } from '@swap/domain';
import { Refund, RefundState } from './refund';

interface RefundRow {
  refund_id: string;
  swap_id: string;
  network: string;
  currency: string;
  address: string;
  amount: string;
  deposited: string;
  state: RefundState;
  txid: string | null;
  raw: string | null;
  fee: string | null;
  fee_currency: string | null;
  valid_until: string | null;
  refused: boolean;
  last_error: string | null;
  generation: number;
  confirmations: number;
  reason: string | null;
  reported: string | null;
}

const toRefund = (row: RefundRow): Refund => ({
  refundId: row.refund_id,
  swapId: row.swap_id,
  network: row.network as Network,
  currency: row.currency as CurrencyCode,
  address: row.address,
  amount: BigInt(row.amount),
  deposited: BigInt(row.deposited),
  state: row.state,
  txid: row.txid,
  raw: row.raw,
  fee: row.fee === null ? null : BigInt(row.fee),
  feeCurrency: row.fee_currency as CurrencyCode | null,
  validUntil: row.valid_until === null ? null : Number(row.valid_until),
  refused: row.refused,
  lastError: row.last_error,
  generation: row.generation,
  confirmations: row.confirmations,
  reason: row.reason,
  reported: row.reported,
});

export type NewRefund = Pick<
  Refund,
  'refundId' | 'swapId' | 'network' | 'currency' | 'address' | 'amount' | 'deposited'
>;

export interface SignedRefund {
  txid: string;
  raw: string;
  fee: bigint;
  feeCurrency: CurrencyCode;
  validUntil?: number | null;
}

/**
 * Refund rows. Each move is guarded by the state it leaves, so a repeated command, a second
 * worker or a replay after a crash can never sign or send an attempt twice.
 */
export class RefundRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records a requested refund; a repeated request of the same attempt is the same row. */
  async request(refund: NewRefund): Promise<boolean> {
    const result: unknown[] = await this.dataSource.query(
      `INSERT INTO refunds (refund_id, swap_id, network, currency, address, amount, deposited, state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'REQUESTED') ON CONFLICT (refund_id) DO NOTHING RETURNING refund_id`,
      [
        refund.refundId,
        refund.swapId,
        refund.network,
        refund.currency,
        refund.address,
        refund.amount.toString(),
        refund.deposited.toString(),
      ],
    );
    return result.length === 1;
  }

  async find(refundId: string): Promise<Refund | null> {
    const rows: RefundRow[] = await this.dataSource.query('SELECT * FROM refunds WHERE refund_id = $1', [
      refundId,
    ]);
    return rows[0] ? toRefund(rows[0]) : null;
  }

  /** Attempts still moving (confirmed ones until `required` confirmations), oldest first. */
  async open(network: Network, required: number, limit = 100): Promise<Refund[]> {
    const rows: RefundRow[] = await this.dataSource.query(
      `SELECT * FROM refunds WHERE network = $1
         AND (state IN ('REQUESTED', 'SIGNED', 'SENT') OR (state = 'CONFIRMED' AND confirmations < $2))
       ORDER BY requested_at, refund_id LIMIT $3`,
      [network, required, limit],
    );
    return rows.map(toRefund);
  }

  /** Refunds not yet sent and seen on chain (requested, signed or sent) per network, with the oldest's request time. */
  async unsettled(): Promise<Array<{ network: Network; count: number; oldestAt: Date }>> {
    const rows: Array<{ network: Network; count: string; oldest: Date }> = await this.dataSource.query(
      `SELECT network, count(*) AS count, min(requested_at) AS oldest FROM refunds
       WHERE state IN ('REQUESTED', 'SIGNED', 'SENT') GROUP BY network`,
    );
    return rows.map((row) => ({
      network: row.network,
      count: Number(row.count),
      oldestAt: new Date(row.oldest),
    }));
  }

  /** Attempts whose latest state the engine has not acknowledged yet. */
  async unreported(network: Network, limit = 100): Promise<Refund[]> {
    const rows: RefundRow[] = await this.dataSource.query(
      `SELECT * FROM refunds WHERE network = $1 AND state IN ('SENT', 'CONFIRMED', 'FAILED')
         AND reported IS DISTINCT FROM state || ':' || confirmations
           || CASE WHEN generation > 0 THEN ':' || generation ELSE '' END
       ORDER BY updated_at, refund_id LIMIT $2`,
      [network, limit],
    );
    return rows.map(toRefund);
  }

  /** REQUESTED → SIGNED with the bytes; false when the row had moved on (someone else signed). */
  async signed(refundId: string, tx: SignedRefund): Promise<boolean> {
    return this.move(
      refundId,
      'REQUESTED',
      'SIGNED',
      `txid = $3, raw = $4, fee = $5, fee_currency = $6, valid_until = $7`,
      [tx.txid, tx.raw, tx.fee.toString(), tx.feeCurrency, tx.validUntil ?? null],
    );
  }

  async sent(refundId: string): Promise<boolean> {
    return this.move(refundId, 'SIGNED', 'SENT', 'refused = false, last_error = NULL');
  }

  /** The node refused the stored bytes (`refused` false: only for their deadline); they stay SIGNED. */
  async refusedNow(refundId: string, reason: string, refused: boolean): Promise<void> {
    await this.dataSource.query(
      `UPDATE refunds SET refused = $3, last_error = $2, updated_at = now() WHERE refund_id = $1 AND state = 'SIGNED'`,
      [refundId, reason, refused],
    );
  }

  /**
   * `refund`'s transaction can never land (`proof`): it is archived and the refund takes the bytes
   * the treasury signed again, SIGNED (to be sent) one generation on. False when the row had moved
   * on, or its transaction was not the one proven dead.
   */
  async replaced(refund: Refund, tx: SignedRefund, proof: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const archived: unknown[] = await manager.query(
        `INSERT INTO replaced_refund_transactions (refund_id, generation, txid, raw, valid_until, proof)
         SELECT refund_id, generation, txid, raw, valid_until, $4 FROM refunds
         WHERE refund_id = $1 AND state = $2 AND txid = $3 FOR UPDATE
         RETURNING refund_id`,
        [refund.refundId, refund.state, refund.txid, proof],
      );
      if (archived.length === 0) return false;
      await manager.query(
        `UPDATE refunds SET state = 'SIGNED', txid = $3, raw = $4, fee = $5, fee_currency = $6, valid_until = $7,
           generation = generation + 1, refused = false, last_error = $8, confirmations = 0, updated_at = now()
         WHERE refund_id = $1 AND state = $2`,
        [
          refund.refundId,
          refund.state,
          tx.txid,
          tx.raw,
          tx.fee.toString(),
          tx.feeCurrency,
          tx.validUntil ?? null,
          `replaced: ${proof}`,
        ],
      );
      return true;
    });
  }

  /** The chain's count, never lowered; SENT → CONFIRMED at the first confirmation. */
  async confirmed(refundId: string, confirmations: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE refunds SET state = 'CONFIRMED', confirmations = GREATEST(confirmations, $2), updated_at = now()
       WHERE refund_id = $1 AND state IN ('SENT', 'CONFIRMED')`,
      [refundId, confirmations],
    );
  }

  async failed(refundId: string, from: RefundState, reason: string): Promise<boolean> {
    return this.move(refundId, from, 'FAILED', 'reason = $3', [reason]);
  }

  async markReported(refundId: string, reported: string): Promise<void> {
    await this.dataSource.query(`UPDATE refunds SET reported = $2 WHERE refund_id = $1`, [
      refundId,
      reported,
    ]);
  }

  private async move(
    refundId: string,
    from: RefundState,
    to: RefundState,
    set = '',
    values: unknown[] = [],
  ): Promise<boolean> {
    const result: [unknown[], number] = await this.dataSource.query(
      `UPDATE refunds SET state = '${to}', updated_at = now()${set ? `, ${set}` : ''}
       WHERE refund_id = $1 AND state = $2`,
      [refundId, from, ...values],
    );
    return result[1] === 1;
  }
}
