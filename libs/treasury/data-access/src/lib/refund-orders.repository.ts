import type { DataSource } from 'typeorm';
import type { CurrencyCode, Network, RefundTerms } from '@swap/domain';
import { queryPrepared, type PreparedStatement } from '@swap/persistence';

/** A refund the engine ordered (refundRequested), as the treasury recorded it. */
export interface RefundOrder extends RefundTerms {
  /** UNIX ms, the engine's. */
  requestedAt: number;
}

interface Row {
  refund_id: string;
  swap_id: string;
  network: Network;
  currency: CurrencyCode;
  address: string;
  amount: string;
  requested_at: string;
}

const RECORD: PreparedStatement = {
  name: 'refund_orders_record',
  text: `INSERT INTO refund_orders (refund_id, swap_id, network, currency, address, amount, requested_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (refund_id) DO NOTHING RETURNING refund_id`,
};
const FIND: PreparedStatement = {
  name: 'refund_orders_find',
  text: `SELECT refund_id, swap_id, network, currency, address, amount::text, requested_at::text
   FROM refund_orders WHERE refund_id = $1`,
};

/**
 * The engine's refund commands, one row per refund id, written once: what the refunds service
 * may ask the treasury to sign. A repeated command (redelivered, published twice) changes nothing.
 */
export class RefundOrders {
  constructor(private readonly dataSource: DataSource) {}

  /** Whether this call recorded it (false: a refund with this id was recorded already). */
  async record(order: RefundOrder): Promise<boolean> {
    const rows = await queryPrepared(this.dataSource, RECORD, [
      order.refundId,
      order.swapId,
      order.network,
      order.currency,
      order.address,
      order.amount.toString(),
      order.requestedAt,
    ]);
    return rows.length > 0;
  }

  async find(refundId: string): Promise<RefundOrder | null> {
    const [row] = await queryPrepared<Row>(this.dataSource, FIND, [refundId]);
    if (!row) return null;
    return {
      refundId: row.refund_id,
      swapId: row.swap_id,
      network: row.network,
      currency: row.currency,
      address: row.address,
      amount: BigInt(row.amount),
      requestedAt: Number(row.requested_at),
    };
  }
}
