import type { DataSource } from 'typeorm';
import type { CurrencyCode, Network } from '@swap/domain';
import { BatchWriter, queryPrepared } from '@swap/persistence';
import type { TransferKind, TransferState } from '@swap/treasury-domain';
import type { Reservations, Transfer } from './transfer';
import { queryTransfers, rowToTransfer, type TransferRow } from './transfer-row';
import {
  IN_FLIGHT,
  LIST,
  LIST_ONE,
  MARK_REPORTED_MANY,
  RESERVATIONS,
  UNREPORTED,
} from './transfer.statements';

/** A transfer as an operator lists it: with when it was planned and last changed (UNIX ms). */
export interface ListedTransfer {
  transfer: Transfer;
  createdAt: number;
  updatedAt: number;
}

/** How many transfers of one kind are in one state, and when the oldest of them was planned. */
export interface TransferGroup {
  kind: TransferKind;
  state: TransferState;
  count: number;
  oldestAt: Date;
}

type ListedRow = TransferRow & { created_ms: string; updated_ms: string };

const toListed = (row: ListedRow): ListedTransfer => ({
  transfer: rowToTransfer(row),
  createdAt: Number(row.created_ms),
  updatedAt: Number(row.updated_ms),
});

/**
 * What is read of the treasury's transfers besides their lifecycle (TransferLifecycle): the
 * operator's lists, the metrics' counts, the hot wallet's reservations, the transfers the tracker
 * follows, and the payout states the swaps' actors have not heard yet (marked once they have).
 */
export class TransferReports {
  // Reports marked in the same turn (a burst of accepted payouts) share a statement.
  private readonly reports: BatchWriter<{ id: string; version: number }, void>;

  constructor(private readonly dataSource: DataSource) {
    this.reports = new BatchWriter((reported) => this.markReportedMany(reported), {
      keyOf: (report) => report.id,
    });
  }

  /**
   * Transfers in `states` (on `network`, when given), oldest first, with when they were planned and
   * last changed (UNIX ms): the operator's view.
   */
  async list(
    states: readonly TransferState[],
    network: Network | null,
    limit: number,
  ): Promise<ListedTransfer[]> {
    const rows = await queryPrepared<ListedRow>(this.dataSource, LIST, [states, network, limit]);
    return rows.map(toListed);
  }

  /** One transfer as an operator lists it, or null. */
  async listed(id: string): Promise<ListedTransfer | null> {
    const [row] = await queryPrepared<ListedRow>(this.dataSource, LIST_ONE, [id]);
    return row ? toListed(row) : null;
  }

  /** Transfers a node accepted and the chain has not settled yet. */
  async inFlight(): Promise<Transfer[]> {
    return queryTransfers(this.dataSource, IN_FLIGHT, []);
  }

  /** Payouts whose latest state has not been reported to the swap's actor yet. */
  async unreported(): Promise<Transfer[]> {
    return queryTransfers(this.dataSource, UNREPORTED, []);
  }

  /** The transfer's state up to `version` reached the swap's actor. */
  markReported(id: string, version: number): Promise<void> {
    return this.reports.write({ id, version });
  }

  /** Amounts and fees of hot-wallet transfers not yet confirmed or failed, per currency. */
  async reservations(): Promise<Reservations> {
    const rows = await queryPrepared<{ code: CurrencyCode; total: string }>(
      this.dataSource,
      RESERVATIONS,
      [],
    );
    return new Map(rows.map((row) => [row.code, BigInt(row.total)]));
  }

  /**
   * Transfers per kind and state, with when the oldest of each group was planned (for the
   * metrics: a payout still BROADCAST long after it was planned).
   */
  async countByKindAndState(): Promise<TransferGroup[]> {
    const rows: Array<{ kind: TransferKind; state: TransferState; count: string; oldest: Date }> =
      await this.dataSource.query(
        'SELECT kind, state, count(*) AS count, min(created_at) AS oldest FROM transfers GROUP BY kind, state',
      );
    return rows.map((row) => ({
      kind: row.kind,
      state: row.state,
      count: Number(row.count),
      oldestAt: new Date(row.oldest),
    }));
  }

  private async markReportedMany(reported: Array<{ id: string; version: number }>): Promise<void[]> {
    await queryPrepared(this.dataSource, MARK_REPORTED_MANY, [
      JSON.stringify(reported),
      reported.map((report) => report.id),
    ]);
    return reported.map(() => undefined);
  }
}
