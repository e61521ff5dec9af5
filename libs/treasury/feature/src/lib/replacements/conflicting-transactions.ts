import type { Logger } from '@swap/domain';
import type {
  Transfer,
  TransferLifecycle,
  TransferTransaction,
  TransferTransactions,
} from '@swap/treasury-data';
import { TransferMovedOn } from '@swap/treasury-data';
import { transition, type TransferMove } from '@swap/treasury-domain';
import type { ChainNodes } from '../chains/chain-nodes';
import { undoBatch } from '../ledger/transfer-postings';
import type { ReservationsSignal } from '../liquidity/reservations-signal';
import type { ProgressReporter } from '../payouts/progress.reporter';
import { signedOf } from '../sending/network-sender';
import { requiredConfirmations } from '../tracking/required-confirmations';
import { childUndone, fillerSettled, fillerUndone, switchBatch } from './replacement-postings';

export interface ConflictingTransactionsDeps {
  transfers: TransferLifecycle;
  replacements: TransferTransactions;
  chains: ChainNodes;
  reporter: ProgressReporter;
  reservations: ReservationsSignal;
  logger: Logger;
}

/**
 * What the tracker does with a transfer that has more than one signed transaction (an operator's
 * fee bump or nonce filler): they conflict, so at most one lands, and the transfer settles on
 * whichever is mined. An earlier transaction of the payment that got mined becomes the transfer's
 * again (its fee booked); a mined filler fails the payout, but only once it is as deep as a
 * payout would have to be: until then a reorganisation could still mine the payout instead.
 */
export class ConflictingTransactions {
  constructor(private readonly deps: ConflictingTransactionsDeps) {}

  /** The other transactions of these transfers (not the one each carries), oldest first. */
  async of(transfers: readonly Transfer[]): Promise<Map<string, TransferTransaction[]>> {
    const ids = transfers.map((transfer) => transfer.id);
    const recorded = await this.deps.replacements.of(ids);
    const others = new Map<string, TransferTransaction[]>();
    for (const transfer of transfers) {
      const list = recorded.get(transfer.id)?.filter((t) => t.tx.txid !== transfer.signed?.txid) ?? [];
      if (list.length > 0) others.set(transfer.id, list);
    }
    return others;
  }

  /**
   * Looks the other transactions up, newest first. Returns the transfer to follow as usual (switched
   * to a mined earlier transaction of it, if one was), or null when a filler was mined (the
   * transfer failed, or waits for the filler's confirmations: nothing is to be re-sent).
   */
  async settle(transfer: Transfer, others: readonly TransferTransaction[]): Promise<Transfer | null> {
    const reader = this.deps.chains.reader(transfer.network);
    for (const other of [...others].reverse()) {
      // A CPFP child lands with its parent, never instead of it.
      if (other.role === 'child') continue;
      const status = await reader.transaction(other.tx.txid);
      if (status.state !== 'confirmed' && status.state !== 'failed') continue;
      if (other.role === 'payout') return this.adopt(transfer, other);
      const decided = transition(transfer, {
        kind: 'FillerMined',
        confirmations: status.confirmations,
        required: requiredConfirmations(transfer),
      });
      if (decided.ok && !decided.idle) await this.filled(transfer, decided, other, status.fee);
      return null;
    }
    return transfer;
  }

  /**
   * Ledger batches giving back the fees of what cannot land once the transfer ended on `mined` (a
   * payout transaction): every filler, and CPFP children of another parent (a child whose parent
   * was mined is taken to land with it: it pays a high fee and spends the treasury's own change).
   */
  unlanded(transfer: Transfer, mined: string, others: readonly TransferTransaction[]) {
    return others
      .map((other) => {
        if (other.role === 'filler') return fillerUndone(transfer, other.tx);
        if (other.role === 'child' && other.parent !== mined) return childUndone(transfer, other.tx);
        return null;
      })
      .filter((batch) => batch !== null);
  }

  clearError(id: string): Promise<void> {
    return this.deps.replacements.clearError(id);
  }

  private async adopt(transfer: Transfer, mined: TransferTransaction): Promise<Transfer | null> {
    if (!transition(transfer, { kind: 'EarlierMined' }).ok) return null;
    const current = signedOf(transfer);
    const memo = `${transfer.kind} ${mined.tx.txid} mined in place of ${current.txid}`;
    try {
      const [adopted] = await this.deps.replacements.switchTo([
        { transfer, tx: mined.tx, batch: switchBatch(transfer, current, mined.tx, memo) },
      ]);
      this.deps.logger.warn(
        { transferId: transfer.id, txid: mined.tx.txid, replaced: current.txid },
        'an earlier transaction of the transfer was mined; the transfer follows it',
      );
      this.deps.reservations.changed(transfer.network);
      return adopted;
    } catch (err) {
      if (err instanceof TransferMovedOn) return null;
      throw err;
    }
  }

  private async filled(
    transfer: Transfer,
    decided: TransferMove,
    filler: TransferTransaction,
    paid: bigint | undefined,
  ) {
    const current = signedOf(transfer);
    const reason = `its nonce was taken by the operator's zero-value transaction ${filler.tx.txid}: the ${transfer.kind} can never land`;
    const failed = await this.deps.transfers.fail(transfer.id, {
      from: decided.from,
      reason,
      batch: undoBatch(transfer, current, 'all'),
      // No fee: the payout's fee_paid stays empty, none of its transactions was mined.
      more: [fillerSettled(transfer, filler.tx, paid)].filter((batch) => batch !== null),
    });
    // (EVM has no CPFP children: nothing else to give back.)
    if (!failed) return;
    this.deps.logger.warn(
      { transferId: transfer.id, filler: filler.tx.txid },
      'transfer failed: its nonce was filled',
    );
    this.deps.reservations.changed(transfer.network);
    await this.deps.reporter.report(failed);
  }
}
