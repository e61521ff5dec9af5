import { DataSource, EntityManager } from 'typeorm';
import type { DepositReturnState } from '@swap/contracts';
import type { CurrencyCode, Network } from '@swap/domain';
import { queryPreparedIn, type PreparedStatement } from '@swap/persistence';
import { OutboxMessage, OutboxWriter } from './outbox.writer';

/** A return of a deposit the swap did not take, as the engine keeps it. Amounts in base units. */
export interface DepositReturnRecord {
  returnId: string;
  swapId: string;
  depositId: string;
  network: Network;
  currency: CurrencyCode;
  address: string;
  deposited: bigint;
  amount: bigint;
  state: DepositReturnState;
  txid: string | null;
  fee: bigint | null;
  feeCurrency: CurrencyCode | null;
  confirmations: number;
  reason: string | null;
  /** UNIX seconds. */
  requestedAt: number;
  updatedAt: number;
}

export type NewDepositReturn = Pick<
  DepositReturnRecord,
  'swapId' | 'depositId' | 'network' | 'currency' | 'address' | 'deposited' | 'amount' | 'requestedAt'
>;

/** What the refunds service reported of the transfer that carries a return. */
export interface DepositReturnReport {
  state: Exclude<DepositReturnState, 'requested'>;
  txid: string | null;
  fee: bigint | null;
  feeCurrency: CurrencyCode | null;
  confirmations: number;
  reason: string | null;
}

interface ReturnRow {
  return_id: string;
  swap_id: string;
  deposit_id: string;
  network: Network;
  currency: CurrencyCode;
  address: string;
  deposited: string;
  amount: string;
  state: DepositReturnState;
  txid: string | null;
  fee: string | null;
  fee_currency: CurrencyCode | null;
  confirmations: number;
  reason: string | null;
  requested: string;
  updated: string;
}

const COLUMNS = `return_id, swap_id, deposit_id, network, currency, address, deposited, amount, state, txid,
  fee, fee_currency, confirmations, reason, extract(epoch FROM requested_at)::bigint AS requested,
  extract(epoch FROM updated_at)::bigint AS updated`;

/** A report applied to a locked row that it is news to (isNews); the row as it is now returned. */
const APPLY_REPORT: PreparedStatement = {
  name: 'deposit_returns_apply_report',
  text: `UPDATE deposit_returns SET state = $2, txid = COALESCE($3, txid), fee = COALESCE($4, fee),
           fee_currency = COALESCE($5, fee_currency), confirmations = GREATEST(confirmations, $6),
           reason = COALESCE($7, reason), updated_at = now()
         WHERE return_id = $1 RETURNING ${COLUMNS}`,
};

/** The index that allows one return under way or done per deposit. */
const ONE_LIVE_INDEX = 'deposit_returns_one_live';

/**
 * Returns of late deposits. Each change is written with the messages that announce it (the refund
 * command, the return's event) in one transaction, so nothing is sent that was not recorded.
 */
export class DepositReturnRepository {
  private readonly outbox = new OutboxWriter();

  constructor(private readonly dataSource: DataSource) {}

  /**
   * Writes the swap's next return (`<swap>-return-<n>`) with its messages. Null when a return of
   * the deposit is already under way or done: the database refuses a second one.
   */
  async request(
    draft: NewDepositReturn,
    messages: (saved: DepositReturnRecord) => OutboxMessage[],
  ): Promise<DepositReturnRecord | null> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const [{ n }] = (await manager.query(
          `SELECT count(*)::int + 1 AS n FROM deposit_returns WHERE swap_id = $1`,
          [draft.swapId],
        )) as Array<{ n: number }>;
        const rows = (await manager.query(
          `INSERT INTO deposit_returns (return_id, swap_id, deposit_id, network, currency, address, deposited,
                                        amount, state, requested_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'requested', to_timestamp($9)) RETURNING ${COLUMNS}`,
          [
            `${draft.swapId}-return-${n}`,
            draft.swapId,
            draft.depositId,
            draft.network,
            draft.currency,
            draft.address,
            draft.deposited.toString(),
            draft.amount.toString(),
            draft.requestedAt,
          ],
        )) as ReturnRow[];
        const saved = toRecord(rows[0]);
        await this.writeAll(manager, messages(saved));
        return saved;
      });
    } catch (error) {
      if ((error as { constraint?: string }).constraint === ONE_LIVE_INDEX) return null;
      throw error;
    }
  }

  async find(returnId: string): Promise<DepositReturnRecord | null> {
    const rows = (await this.dataSource.query(`SELECT ${COLUMNS} FROM deposit_returns WHERE return_id = $1`, [
      returnId,
    ])) as ReturnRow[];
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** The swap's returns, oldest first. */
  async forSwap(swapId: string): Promise<DepositReturnRecord[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM deposit_returns WHERE swap_id = $1 ORDER BY requested_at, return_id`,
      [swapId],
    )) as ReturnRow[];
    return rows.map(toRecord);
  }

  /**
   * Applies a progress report unless the return is already confirmed or failed, or the report
   * tells nothing new (the same state, no more confirmations). A state change is written with
   * the messages `messages` makes of it. Null when nothing changed.
   */
  async progress(
    returnId: string,
    report: DepositReturnReport,
    messages: (saved: DepositReturnRecord, stateChanged: boolean) => OutboxMessage[],
  ): Promise<DepositReturnRecord | null> {
    return this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(
        `SELECT ${COLUMNS} FROM deposit_returns WHERE return_id = $1 FOR UPDATE`,
        [returnId],
      )) as ReturnRow[];
      if (!rows[0] || !isNews(toRecord(rows[0]), report)) return null;
      const updated = await queryPreparedIn<ReturnRow>(manager, APPLY_REPORT, [
        returnId,
        report.state,
        report.txid,
        report.fee?.toString() ?? null,
        report.feeCurrency,
        report.confirmations,
        report.reason,
      ]);
      const saved = toRecord(updated[0]);
      await this.writeAll(manager, messages(saved, rows[0].state !== saved.state));
      return saved;
    });
  }

  private async writeAll(manager: EntityManager, messages: OutboxMessage[]): Promise<void> {
    for (const message of messages) await this.outbox.write(manager, message);
  }
}

/** Confirmed and failed are final; otherwise a report is news if it moves the state or the count on. */
function isNews(current: DepositReturnRecord, report: DepositReturnReport): boolean {
  if (current.state === 'confirmed' || current.state === 'failed') return false;
  return report.state !== current.state || report.confirmations > current.confirmations;
}

function toRecord(row: ReturnRow): DepositReturnRecord {
  return {
    returnId: row.return_id,
    swapId: row.swap_id,
    depositId: row.deposit_id,
    network: row.network,
    currency: row.currency,
    address: row.address,
    deposited: BigInt(row.deposited),
    amount: BigInt(row.amount),
    state: row.state,
    txid: row.txid,
    fee: row.fee === null ? null : BigInt(row.fee),
    feeCurrency: row.fee_currency,
    confirmations: row.confirmations,
    reason: row.reason,
    requestedAt: Number(row.requested),
    updatedAt: Number(row.updated),
  };
}
