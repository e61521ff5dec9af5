import type { DataSource, EntityManager } from 'typeorm';
import type { SignedTransaction } from '@swap/chain';
import type { CurrencyCode, Network } from '@swap/domain';
import type { LedgerBatch } from './ledger';
import { LedgerWriter } from './ledger.writer';
import type { FeeSettlement, PlannedTransfer, Reservations, Transfer, TransferState } from './transfer';
import { rowToTransfer, type TransferRow } from './transfer-row';

/** A transfer's signed bytes and the ledger batch that books them. */
export interface SigningResult {
  id: string;
  tx: SignedTransaction;
  batch: LedgerBatch | null;
}

/** One transfer of a batch was no longer PLANNED: the batch is rolled back. */
class SignedMeanwhile extends Error {}

/** The hot wallet has promised these until they are confirmed or failed (sweeps pay from deposit addresses). */
const RESERVING = `kind <> 'sweep' AND state IN ('PLANNED', 'SIGNED', 'BROADCAST')`;
const CHANGED = `version = version + 1, updated_at = now()`;
const at = (ms: number) => new Date(ms).toISOString();

/**
 * The treasury's transfers and their state machine. Every change is a guarded update on the state
 * it expects, so a repeated or late step changes nothing; ledger batches go in the same transaction.
 */
export class TransferRepository {
  private readonly ledger = new LedgerWriter();

  constructor(private readonly dataSource: DataSource) {}

  /** Records a transfer as PLANNED; a transfer with this id already recorded is returned as it is. */
  async plan(transfer: PlannedTransfer): Promise<{ transfer: Transfer; created: boolean }> {
    const rows: TransferRow[] = await this.dataSource.query(
      `INSERT INTO transfers (id, kind, swap_id, network, currency, from_index, to_address, amount, state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'PLANNED') ON CONFLICT (id) DO NOTHING RETURNING *`,
      [
        transfer.id,
        transfer.kind,
        transfer.swapId,
        transfer.network,
        transfer.currency,
        transfer.fromIndex,
        transfer.to,
        transfer.amount.toString(),
      ],
    );
    if (rows[0]) return { transfer: rowToTransfer(rows[0]), created: true };
    return { transfer: await this.get(transfer.id), created: false };
  }

  async find(id: string): Promise<Transfer | null> {
    const rows: TransferRow[] = await this.dataSource.query('SELECT * FROM transfers WHERE id = $1', [id]);
    return rows[0] ? rowToTransfer(rows[0]) : null;
  }

  async get(id: string): Promise<Transfer> {
    const transfer = await this.find(id);
    if (!transfer) throw new Error(`transfer ${id} does not exist`);
    return transfer;
  }

  /**
   * What a network's sender has to do, in one read: the oldest signed transfers no node has
   * accepted yet (they go out before anything else), and the oldest planned ones due at `now` (ms).
   */
  async nextToSend(
    network: Network,
    now: number,
    limit: number,
  ): Promise<{ unbroadcast: Transfer[]; planned: Transfer[] }> {
    const transfers = await this.many(
      `(SELECT * FROM transfers WHERE network = $1 AND state = 'SIGNED' ORDER BY seq LIMIT $3)
       UNION ALL
       (SELECT * FROM transfers WHERE network = $1 AND state = 'PLANNED' AND next_attempt_at <= $2
        ORDER BY seq LIMIT $3)`,
      [network, at(now), limit],
    );
    return {
      unbroadcast: transfers.filter((t) => t.state === 'SIGNED'),
      planned: transfers.filter((t) => t.state === 'PLANNED'),
    };
  }

  /**
   * PLANNED → SIGNED with the signed bytes and the transfer's ledger batch, in one transaction.
   * When the transfer was signed already, the stored transaction wins and `tx` is thrown away.
   */
  async markSigned(id: string, tx: SignedTransaction, batch: LedgerBatch | null): Promise<Transfer> {
    const stored = await this.markSignedAll([{ id, tx, batch }]);
    return stored?.[0] ?? ((await this.find(id)) as Transfer);
  }

  /**
   * Several PLANNED → SIGNED in one transaction, all or none: signed as a sequence (consecutive
   * nonces), they are stored only if every one of them still was PLANNED. Returns them as stored,
   * in the order given, or null when one had been signed meanwhile (nothing is stored then).
   */
  async markSignedAll(items: readonly SigningResult[]): Promise<Transfer[] | null> {
    const signed = items.map(({ id, tx }) => ({
      id,
      txid: tx.txid,
      raw: tx.raw,
      fee: tx.fee.toString(),
      fee_currency: tx.feeCurrency,
      tx_key: tx.txKey,
    }));
    try {
      return await this.dataSource.transaction(async (manager) => {
        const [rows]: [TransferRow[], number] = await manager.query(
          `UPDATE transfers t SET state = 'SIGNED', txid = s.txid, raw = s.raw, fee = s.fee::numeric,
             fee_currency = s.fee_currency, tx_key = s.tx_key, ${CHANGED}
           FROM jsonb_to_recordset($1::jsonb)
             AS s(id text, txid text, raw text, fee text, fee_currency text, tx_key text)
           WHERE t.id = s.id AND t.state = 'PLANNED' RETURNING t.*`,
          [JSON.stringify(signed)],
        );
        if (rows.length !== items.length) throw new SignedMeanwhile();
        await this.ledger.postAll(
          manager,
          items.flatMap(({ batch }) => (batch ? [batch] : [])),
        );
        const order = items.map((item) => item.id);
        return rows.map(rowToTransfer).sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
      });
    } catch (err) {
      if (err instanceof SignedMeanwhile) return null;
      throw err;
    }
  }

  /** SIGNED → BROADCAST: a node accepted the bytes. Null when the transfer had moved on already. */
  async markBroadcast(id: string): Promise<Transfer | null> {
    const rows = await this.update(
      this.dataSource.manager,
      `state = 'BROADCAST'`,
      `id = $1 AND state = 'SIGNED'`,
      [id],
    );
    return rows[0] ? rowToTransfer(rows[0]) : null;
  }

  /** SIGNED → BROADCAST for each of `ids` a node accepted, oldest first; transfers that had moved on are left out. */
  async markBroadcastAll(ids: readonly string[]): Promise<Transfer[]> {
    if (ids.length === 0) return [];
    const rows = await this.update(
      this.dataSource.manager,
      `state = 'BROADCAST'`,
      `id = ANY($1::text[]) AND state = 'SIGNED'`,
      [ids],
    );
    return rows.map(rowToTransfer).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  }

  /** Tries again at `until`; `countAttempt` false when the chain only asked to wait (no failure). */
  async postpone(id: string, state: TransferState, until: number, countAttempt = true): Promise<void> {
    await this.dataSource.query(
      `UPDATE transfers SET attempts = attempts + $4, next_attempt_at = $3, updated_at = now()
       WHERE id = $1 AND state = $2`,
      [id, state, at(until), countAttempt ? 1 : 0],
    );
  }

  /** Signed transfers of a network not yet confirmed or failed, oldest first: they hold nonces and inputs. */
  async unsettledSigned(network: Network): Promise<Transfer[]> {
    return this.many(
      `SELECT * FROM transfers WHERE network = $1 AND state IN ('SIGNED', 'BROADCAST') ORDER BY seq`,
      [network],
    );
  }

  /**
   * `from` → FAILED for good, with the reason and the ledger batch that undoes what did not happen;
   * a transaction that failed on-chain may settle its fee too.
   */
  async fail(
    id: string,
    from: TransferState,
    reason: string,
    batch: LedgerBatch | null,
    fee?: FeeSettlement,
  ): Promise<Transfer | null> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await this.update(
        manager,
        `state = 'FAILED', failure = $3, fee_paid = COALESCE($4, fee_paid)`,
        `id = $1 AND state = $2`,
        [id, from, reason, fee?.paid.toString() ?? null],
      );
      if (!rows[0]) return null;
      await this.ledger.postAll(
        manager,
        [batch, fee?.batch ?? null].filter((b) => b !== null),
      );
      return rowToTransfer(rows[0]);
    });
  }

  /**
   * More confirmations of a BROADCAST transfer; `confirmed` ends it (CONFIRMED), with the fee it
   * paid settled in the same transaction. Null when nothing grew.
   */
  async recordConfirmations(
    id: string,
    confirmations: number,
    confirmed: boolean,
    fee?: FeeSettlement,
  ): Promise<Transfer | null> {
    const batch = confirmed ? (fee?.batch ?? null) : null;
    const record = async (manager: EntityManager) => {
      const rows = await this.update(
        manager,
        `confirmations = $2, state = CASE WHEN $3 THEN 'CONFIRMED' ELSE state END,
         fee_paid = CASE WHEN $3 THEN COALESCE($4, fee_paid) ELSE fee_paid END`,
        `id = $1 AND state = 'BROADCAST' AND (confirmations < $2 OR $3)`,
        [id, confirmations, confirmed, fee?.paid.toString() ?? null],
      );
      if (rows[0] && batch) await this.ledger.post(manager, batch);
      return rows[0] ? rowToTransfer(rows[0]) : null;
    };
    // A transaction only when there is a batch to post with the change.
    return batch ? this.dataSource.transaction(record) : record(this.dataSource.manager);
  }

  /** Transfers a node accepted and the chain has not settled yet. */
  async inFlight(): Promise<Transfer[]> {
    return this.many(`SELECT * FROM transfers WHERE state = 'BROADCAST' ORDER BY seq`);
  }

  /** Payouts whose latest state has not been reported to the swap's actor yet. */
  async unreported(): Promise<Transfer[]> {
    return this.many(
      `SELECT * FROM transfers WHERE kind = 'payout' AND reported_version < version
       AND state IN ('BROADCAST', 'CONFIRMED', 'FAILED') ORDER BY seq`,
    );
  }

  async markReported(id: string, version: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE transfers SET reported_version = GREATEST(reported_version, $2) WHERE id = $1`,
      [id, version],
    );
  }

  /** Amounts and fees of hot-wallet transfers not yet confirmed or failed, per currency. */
  async reservations(): Promise<Reservations> {
    const rows: Array<{ code: CurrencyCode; total: string }> = await this.dataSource.query(
      `SELECT code, sum(total) AS total FROM (
         SELECT currency AS code, amount AS total FROM transfers WHERE ${RESERVING}
         UNION ALL
         SELECT fee_currency, fee FROM transfers WHERE ${RESERVING} AND fee IS NOT NULL
       ) reserved GROUP BY code`,
    );
    return new Map(rows.map((row) => [row.code, BigInt(row.total)]));
  }

  /** Gas top-ups that landed for a swap whose token sweep is not planned yet. */
  async gasWithoutSweep(): Promise<Transfer[]> {
    return this.many(
      `SELECT * FROM transfers g WHERE g.kind = 'gas' AND g.state = 'CONFIRMED'
       AND NOT EXISTS (SELECT 1 FROM transfers s WHERE s.kind = 'sweep' AND s.swap_id = g.swap_id)
       ORDER BY g.seq`,
    );
  }

  private async update(
    manager: EntityManager,
    assignments: string,
    where: string,
    params: unknown[],
  ): Promise<TransferRow[]> {
    const [rows]: [TransferRow[], number] = await manager.query(
      `UPDATE transfers SET ${assignments}, ${CHANGED} WHERE ${where} RETURNING *`,
      params,
    );
    return rows;
  }

  private async one(sql: string, params: unknown[]): Promise<Transfer | null> {
    const rows: TransferRow[] = await this.dataSource.query(sql, params);
    return rows[0] ? rowToTransfer(rows[0]) : null;
  }

  private async many(sql: string, params: unknown[] = []): Promise<Transfer[]> {
    const rows: TransferRow[] = await this.dataSource.query(sql, params);
    return rows.map(rowToTransfer);
  }
}
