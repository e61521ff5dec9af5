import type { DataSource, EntityManager } from 'typeorm';
import type { SignedTransaction } from '@swap/chain';
import type { Network } from '@swap/domain';
import { BatchLookup, BatchWriter, queryPrepared, queryPreparedIn } from '@swap/persistence';
import { type TransferState, SETTLED_STATES, takes } from '@swap/treasury-domain';
import type { LedgerBatch } from './ledger';
import { LedgerWriter, ledgerParams } from './ledger.writer';
import type { FeeSettlement, PlannedTransfer, Transfer } from './transfer';
import { queryTransfers, rowToTransfer, type TransferRow } from './transfer-row';
import { stateIn } from './transfer-states.sql';
import {
  PLAN_MANY,
  FIND_MANY,
  NEXT_TO_SEND,
  MARK_SIGNED,
  POSTPONE,
  ARCHIVE_REPLACED,
  REPLAN,
  UNSETTLED_SIGNED,
  TO_FOLLOW_UP,
  MARK_FOLLOWED_UP,
  MARK_BROADCAST,
  MARK_BROADCAST_ALL,
  FAIL,
  RECORD_CONFIRMATIONS,
} from './transfer.statements';

/** A transfer's signed bytes and the ledger batch that books them. */
export interface SigningResult {
  id: string;
  tx: SignedTransaction;
  batch: LedgerBatch | null;
}

/** Which of a network's transfers nextToSend reads. */
export interface NextToSendOptions {
  /** UNIX ms: what is due by then. */
  now: number;
  /** At most this many signed ones, and this many planned ones. */
  limit: number;
  /** True (the default) where a signed transfer no node took holds up the others, due or not. */
  inOrder?: boolean;
}

/** When a transfer is tried again, and what the attempt left. */
export interface PostponeOptions {
  /** The state it was read in: a transfer that moved on meanwhile is left as it is. */
  state: TransferState;
  /** UNIX ms. */
  until: number;
  /** False when the chain only asked to wait (no failure); true by default. */
  countAttempt?: boolean;
  /** Kept as the transfer's last error; `refused` says whether a node refused its bytes. */
  error?: { message: string; refused?: boolean } | null;
}

/** Why a transfer fails for good, and what its end books. */
export interface FailOptions {
  /** The state the transfer was read in, which the lifecycle moved to FAILED. */
  from: TransferState;
  reason: string;
  /** Undoes what did not happen. */
  batch?: LedgerBatch | null;
  /** A transaction that failed on-chain may settle its fee too. */
  fee?: FeeSettlement;
  /** Other batches of the change (a nonce filler's fee settled). */
  more?: readonly LedgerBatch[];
}

/** The confirmations a BROADCAST transfer has now, and what its end books. */
export interface ConfirmationsOptions {
  confirmations: number;
  /** Ends it (CONFIRMED), with `fee` and `more` posted in the same transaction. */
  confirmed: boolean;
  /** The fee it paid. */
  fee?: FeeSettlement;
  /** Fillers that did not land, given back. */
  more?: readonly LedgerBatch[];
}

const at = (ms: number) => new Date(ms).toISOString();

/**
 * The treasury's transfers and their state machine: planned, signed, broadcast, postponed,
 * replaced, failed, confirmed. Every change is a guarded update on the state it expects, so a
 * repeated or late step changes nothing; ledger batches go in the same transaction (or the same
 * statement). What is only read of them, for operators and reports, is TransferReports'.
 */
export class TransferLifecycle {
  private readonly ledger = new LedgerWriter();
  // Plans and reads by id in the same turn (a burst of payout commands) share a statement.
  private readonly plans: BatchWriter<PlannedTransfer, Transfer | null>;
  private readonly lookups: BatchLookup<string, Transfer>;

  constructor(private readonly dataSource: DataSource) {
    this.plans = new BatchWriter((planned) => this.planMany(planned), { keyOf: (transfer) => transfer.id });
    this.lookups = new BatchLookup((ids) => this.findMany(ids));
  }

  /** Records a transfer as PLANNED; a transfer with this id already recorded is returned as it is. */
  async plan(transfer: PlannedTransfer): Promise<{ transfer: Transfer; created: boolean }> {
    const created = await this.plans.write(transfer);
    if (created) return { transfer: created, created: true };
    return { transfer: await this.get(transfer.id), created: false };
  }

  find(id: string): Promise<Transfer | null> {
    return this.lookups.load(id);
  }

  async get(id: string): Promise<Transfer> {
    const transfer = await this.find(id);
    if (!transfer) throw new Error(`transfer ${id} does not exist`);
    return transfer;
  }

  /**
   * What a network's sender has to do, in one read: the oldest signed transfers no node has
   * accepted yet (they go out before anything else; unless `inOrder`, only those due at `now`),
   * and the planned ones due at `now`, the hot wallet's oldest first and sweeps after them.
   */
  async nextToSend(
    network: Network,
    { now, limit, inOrder = true }: NextToSendOptions,
  ): Promise<{ unbroadcast: Transfer[]; planned: Transfer[] }> {
    const transfers = await queryTransfers(this.dataSource, NEXT_TO_SEND, [network, at(now), limit, inOrder]);
    return {
      unbroadcast: transfers.filter((t) => takes('Accepted').includes(t.state)),
      planned: transfers.filter((t) => takes('Signed').includes(t.state)),
    };
  }

  /**
   * PLANNED → SIGNED with the signed bytes and the transfer's ledger batch, in one statement.
   * When the transfer was signed already, the stored transaction wins and `tx` is thrown away.
   */
  async markSigned(id: string, tx: SignedTransaction, batch: LedgerBatch | null): Promise<Transfer> {
    const stored = await this.markSignedAll([{ id, tx, batch }]);
    return stored?.[0] ?? ((await this.find(id)) as Transfer);
  }

  /**
   * Several PLANNED → SIGNED with their ledger batches, all or none, in one statement: signed as a
   * sequence (consecutive nonces), they are stored only if every one of them still was PLANNED.
   * Returns them as stored, in the order given, or null when one had been signed meanwhile
   * (nothing is stored then).
   */
  async markSignedAll(items: readonly SigningResult[]): Promise<Transfer[] | null> {
    const signed = items.map(({ id, tx }) => ({
      id,
      txid: tx.txid,
      raw: tx.raw,
      fee: tx.fee.toString(),
      fee_currency: tx.feeCurrency,
      tx_key: tx.txKey,
      valid_until: tx.validUntil ?? null,
    }));
    const batches = items.flatMap(({ batch }) => (batch ? [batch] : []));
    const rows = await queryPrepared<TransferRow>(this.dataSource, MARK_SIGNED, [
      JSON.stringify(signed),
      ...ledgerParams(batches),
      items.map((item) => item.id),
    ]);
    if (rows.length !== items.length) return null;
    const order = items.map((item) => item.id);
    return rows.map(rowToTransfer).sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  }

  /** SIGNED → BROADCAST: a node accepted the bytes. Null when the transfer had moved on already. */
  async markBroadcast(id: string): Promise<Transfer | null> {
    const [transfer] = await queryTransfers(this.dataSource, MARK_BROADCAST, [id]);
    return transfer ?? null;
  }

  /** SIGNED → BROADCAST for each of `ids` a node accepted, oldest first; transfers that had moved on are left out. */
  async markBroadcastAll(ids: readonly string[]): Promise<Transfer[]> {
    if (ids.length === 0) return [];
    const transfers = await queryTransfers(this.dataSource, MARK_BROADCAST_ALL, [ids]);
    return transfers.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  }

  /** Tries the transfer again at `until`, if it still is in `state`. */
  async postpone(
    id: string,
    { state, until, countAttempt = true, error = null }: PostponeOptions,
  ): Promise<void> {
    await queryPrepared(this.dataSource, POSTPONE, [
      id,
      state,
      at(until),
      countAttempt ? 1 : 0,
      error?.message ?? null,
      error?.refused ?? null,
    ]);
  }

  /**
   * A signed transfer whose transaction can never land (`proof`, the node's words): the bytes are
   * archived in replaced_transactions, the transfer goes back to PLANNED one generation on (due at
   * once, to be signed again), and `batch` undoes what its signing booked; all in one transaction.
   * Null when it had moved on (landed, replaced already).
   */
  async replaceExpired(
    transfer: Transfer,
    proof: string,
    batch: LedgerBatch | null,
  ): Promise<Transfer | null> {
    const { id, state, generation } = transfer;
    return this.dataSource.transaction(async (manager) => {
      const archived = await queryPreparedIn(manager, ARCHIVE_REPLACED, [id, state, generation, proof]);
      if (archived.length === 0) return null;
      const rows = await queryPreparedIn<TransferRow>(manager, REPLAN, [
        id,
        state,
        generation,
        `replaced: ${proof}`,
      ]);
      if (batch) await this.ledger.post(manager, batch);
      return rows[0] ? rowToTransfer(rows[0]) : null;
    });
  }

  /** Signed transfers of a network not yet confirmed or failed, oldest first: they hold nonces and inputs. */
  async unsettledSigned(network: Network): Promise<Transfer[]> {
    return queryTransfers(this.dataSource, UNSETTLED_SIGNED, [network]);
  }

  /**
   * `from` → FAILED for good, with the reason and the ledger batches of the change, in one
   * transaction. Null when the transfer was no longer in `from`.
   */
  async fail(
    id: string,
    { from, reason, batch = null, fee, more = [] }: FailOptions,
  ): Promise<Transfer | null> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await queryPreparedIn<TransferRow>(manager, FAIL, [
        id,
        from,
        reason,
        fee?.paid.toString() ?? null,
      ]);
      if (!rows[0]) return null;
      await this.ledger.postAll(
        manager,
        [batch, fee?.batch ?? null, ...more].filter((b) => b !== null),
      );
      return rowToTransfer(rows[0]);
    });
  }

  /**
   * More confirmations of a BROADCAST transfer; `confirmed` ends it (CONFIRMED), with the fee it
   * paid settled in the same transaction (with `more`: fillers that did not land, given back). Null
   * when nothing grew.
   */
  async recordConfirmations(
    id: string,
    { confirmations, confirmed, fee, more = [] }: ConfirmationsOptions,
  ): Promise<Transfer | null> {
    const batches = confirmed ? [fee?.batch ?? null, ...more].filter((b) => b !== null) : [];
    const record = async (manager: EntityManager) => {
      const rows = await queryPreparedIn<TransferRow>(manager, RECORD_CONFIRMATIONS, [
        id,
        confirmations,
        confirmed,
        fee?.paid.toString() ?? null,
      ]);
      if (rows[0] && batches.length > 0) await this.ledger.postAll(manager, batches);
      return rows[0] ? rowToTransfer(rows[0]) : null;
    };
    // A transaction only when there is a batch to post with the change.
    return batches.length > 0 ? this.dataSource.transaction(record) : record(this.dataSource.manager);
  }

  /** Whether a sweep or gas transfer of the swap's deposit address is planned or on its way. */
  async sweepUnderWay(swapId: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `SELECT 1 FROM transfers WHERE swap_id = $1 AND kind IN ('sweep', 'gas', 'delegate')
       AND NOT ${stateIn(SETTLED_STATES)} LIMIT 1`,
      [swapId],
    )) as unknown[];
    return rows.length > 0;
  }

  /**
   * Steps of sweeps whose next step is still to plan, oldest first: gas top-ups that landed, lent
   * energy that landed or failed, and sweeps that ended (lent energy to take back).
   */
  async toFollowUp(): Promise<Transfer[]> {
    return queryTransfers(this.dataSource, TO_FOLLOW_UP, []);
  }

  /** The step's next one was planned (or there was nothing left to do): done with it. */
  async markFollowedUp(id: string): Promise<void> {
    await queryPrepared(this.dataSource, MARK_FOLLOWED_UP, [id]);
  }

  /** The transfers each plan created, or null where one with its id was recorded already. */
  private async planMany(planned: PlannedTransfer[]): Promise<Array<Transfer | null>> {
    const input = planned.map((transfer, position) => ({
      position,
      id: transfer.id,
      kind: transfer.kind,
      swap_id: transfer.swapId,
      network: transfer.network,
      currency: transfer.currency,
      from_index: transfer.fromIndex,
      to_address: transfer.to,
      amount: transfer.amount.toString(),
    }));
    const created = new Map(
      (await queryTransfers(this.dataSource, PLAN_MANY, [JSON.stringify(input)])).map((transfer) => [
        transfer.id,
        transfer,
      ]),
    );
    return planned.map((transfer) => created.get(transfer.id) ?? null);
  }

  private async findMany(ids: string[]): Promise<Map<string, Transfer>> {
    const found = await queryTransfers(this.dataSource, FIND_MANY, [ids]);
    return new Map(found.map((transfer) => [transfer.id, transfer]));
  }
}
