import type { EntityManager } from 'typeorm';
import type { DataSource } from 'typeorm';
import type { SignedTransaction } from '@swap/chain';
import type { CurrencyCode } from '@swap/domain';
import { queryPreparedIn, type PreparedStatement } from '@swap/persistence';
import type { LedgerBatch } from './ledger';
import { LedgerWriter } from './ledger.writer';
import { type TransferEventKind, takes } from '@swap/treasury-domain';
import { stateIn } from './transfer-states.sql';
import type { Transfer } from './transfer';
import { rowToTransfer, transferColumns, type TransferRow } from './transfer-row';

/**
 * 'payout': a transaction of the payment itself (its first signing or a fee bump); 'filler': a
 * zero-value one at its nonce; 'child': a CPFP child spending a payout transaction's change.
 */
export type TransactionRole = 'payout' | 'filler' | 'child';

/** One of the conflicting transactions a transfer has had signed (see migration 1766100000000). */
export interface TransferTransaction {
  transferId: string;
  role: TransactionRole;
  tx: SignedTransaction;
  /** A child's parent: the payout transaction whose change it spends. */
  parent: string | null;
}

/** The transfer row moved on (another switch, landed, failed) before this change: nothing was stored. */
export class TransferMovedOn extends Error {
  override readonly name = 'TransferMovedOn';
}

interface Row {
  transfer_id: string;
  role: TransactionRole;
  parent_txid: string | null;
  txid: string;
  raw: string;
  fee: string;
  fee_currency: CurrencyCode;
  network: Transfer['network'];
}

/** A transfer's current transaction, and the one it is to carry from now on. */
export interface Switch {
  transfer: Transfer;
  tx: SignedTransaction;
  batch: LedgerBatch | null;
}

const RECORD = `INSERT INTO transfer_transactions (transfer_id, txid, role, raw, fee, fee_currency, parent_txid)
  VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (transfer_id, txid) DO NOTHING`;
/** The transfer still carries the transaction read, in a state the lifecycle lets `moves` happen in. */
const still = (...moves: TransferEventKind[]) =>
  `id = $1 AND txid = $2 AND ${stateIn([...new Set(moves.flatMap(takes))])}`;
const SWITCH: PreparedStatement = {
  name: 'transfer_transactions_switch',
  text: `UPDATE transfers SET txid = $3, raw = $4, fee = $5, fee_currency = $6, fee_paid = NULL,
     confirmations = 0, attempts = 0, next_attempt_at = 'epoch', last_error = NULL, refused = false,
     version = version + 1, updated_at = now()
   WHERE ${still('Replaced', 'EarlierMined')} RETURNING ${transferColumns()}`,
};
const LOCK_FOR = {
  filler: `SELECT id FROM transfers WHERE ${still('Replaced')} FOR UPDATE`,
  child: `SELECT id FROM transfers WHERE ${still('ChildAdded')} FOR UPDATE`,
};

/**
 * The replacements of stuck transfers. A fee bump switches the transfer to a new transaction of
 * the same payment, a filler is added beside it; both are stored with their ledger batch, in one
 * transaction, before anything is broadcast, and only while the transfer still carries the
 * transaction they replace.
 */
export class TransferTransactions {
  private readonly ledger = new LedgerWriter();

  constructor(private readonly dataSource: DataSource) {}

  /** Every recorded transaction of these transfers, oldest first, per transfer. */
  async of(ids: readonly string[]): Promise<Map<string, TransferTransaction[]>> {
    const found = new Map<string, TransferTransaction[]>();
    if (ids.length === 0) return found;
    const rows: Row[] = await this.dataSource.query(
      `SELECT x.transfer_id, x.role, x.parent_txid, x.txid, x.raw, x.fee::text AS fee, x.fee_currency, t.network
       FROM transfer_transactions x JOIN transfers t ON t.id = x.transfer_id
       WHERE x.transfer_id = ANY($1::text[]) ORDER BY x.seq`,
      [ids],
    );
    for (const row of rows) {
      const list = found.get(row.transfer_id) ?? [];
      list.push({
        transferId: row.transfer_id,
        role: row.role,
        parent: row.parent_txid,
        tx: {
          network: row.network,
          txid: row.txid,
          raw: row.raw,
          fee: BigInt(row.fee),
          feeCurrency: row.fee_currency,
          txKey: null,
        },
      });
      found.set(row.transfer_id, list);
    }
    return found;
  }

  /**
   * Each transfer now carries `tx` (a fee bump, or an earlier transaction of it that was mined),
   * both recorded as its payout transactions; with its ledger batch; all or none. Throws
   * TransferMovedOn when one no longer carries the transaction it was read with. Attempts and the
   * last error start over: the new bytes have not been refused yet.
   */
  async switchTo(switches: readonly Switch[]): Promise<Transfer[]> {
    return this.dataSource.transaction(async (manager) => {
      const switched: Transfer[] = [];
      for (const { transfer, tx } of switches) {
        const current = currentOf(transfer);
        await this.record(manager, transfer.id, 'payout', current);
        await this.record(manager, transfer.id, 'payout', tx);
        const rows = await queryPreparedIn<TransferRow>(manager, SWITCH, [
          transfer.id,
          current.txid,
          tx.txid,
          tx.raw,
          tx.fee.toString(),
          tx.feeCurrency,
        ]);
        if (!rows[0]) throw new TransferMovedOn(`transfer ${transfer.id} no longer carries ${current.txid}`);
        switched.push(rowToTransfer(rows[0]));
      }
      const batches = switches.flatMap(({ batch }) => (batch ? [batch] : []));
      await this.ledger.postAll(manager, batches);
      return switched;
    });
  }

  /**
   * A filler beside the transfer's payout transaction (which is recorded too), with the batch that
   * books its fee. Throws TransferMovedOn when the transfer no longer carries the transaction read.
   */
  addFiller(transfer: Transfer, filler: SignedTransaction, batch: LedgerBatch | null): Promise<void> {
    return this.add(transfer, 'filler', filler, batch);
  }

  /** A CPFP child of the payout transaction the transfer carries (see addFiller). */
  addChild(transfer: Transfer, child: SignedTransaction, batch: LedgerBatch | null): Promise<void> {
    return this.add(transfer, 'child', child, batch);
  }

  private async add(
    transfer: Transfer,
    role: 'filler' | 'child',
    added: SignedTransaction,
    batch: LedgerBatch | null,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const current = currentOf(transfer);
      const locked: unknown[] = await manager.query(LOCK_FOR[role], [transfer.id, current.txid]);
      if (locked.length === 0)
        throw new TransferMovedOn(`transfer ${transfer.id} no longer carries ${current.txid}`);
      await this.record(manager, transfer.id, 'payout', current);
      await this.record(manager, transfer.id, role, added, role === 'child' ? current.txid : null);
      if (batch) await this.ledger.post(manager, batch);
    });
  }

  /**
   * A BROADCAST transfer's re-broadcast was refused or its transaction is seen again: the retry
   * count and last error start over (nothing when there was none).
   */
  async clearError(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE transfers SET attempts = 0, next_attempt_at = 'epoch', last_error = NULL, refused = false,
         updated_at = now()
       WHERE id = $1 AND ${stateIn(takes('SeenAgain'))} AND (last_error IS NOT NULL OR attempts > 0)`,
      [id],
    );
  }

  private async record(
    manager: EntityManager,
    id: string,
    role: TransactionRole,
    tx: SignedTransaction,
    parent: string | null = null,
  ): Promise<void> {
    await manager.query(RECORD, [id, tx.txid, role, tx.raw, tx.fee.toString(), tx.feeCurrency, parent]);
  }
}

function currentOf(transfer: Transfer): SignedTransaction {
  if (!transfer.signed) throw new Error(`transfer ${transfer.id} has no signed transaction`);
  return transfer.signed;
}
