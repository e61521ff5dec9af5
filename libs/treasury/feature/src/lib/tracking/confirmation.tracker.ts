import type { SignedTransaction, TxStatus } from '@swap/chain';
import type { Transfer, TransferRepository } from '@swap/treasury-data';
import type { ChainNodes, TreasuryLogger } from '../chains/chain-nodes';
import { feeSettlement, undoBatch } from '../ledger/transfer-postings';
import type { ProgressReporter } from '../payouts/progress.reporter';
import { signedOf } from '../sending/network-sender';
import { requiredConfirmations } from './required-confirmations';

export interface ConfirmationTrackerDeps {
  transfers: TransferRepository;
  chains: ChainNodes;
  reporter: ProgressReporter;
  reservationsChanged: () => void;
  logger: TreasuryLogger;
}

/**
 * Follows broadcast transfers on their chain (run by a RepeatingTask): each new confirmation count
 * up to the threshold, then CONFIRMED; a transaction mined but failed → FAILED, once it is as deep
 * as the threshold. Progress reports that could not be sent earlier go out here too.
 */
export class ConfirmationTracker {
  constructor(private readonly deps: ConfirmationTrackerDeps) {}

  async poll(): Promise<void> {
    for (const transfer of await this.deps.transfers.inFlight()) {
      try {
        await this.follow(transfer);
      } catch (err) {
        // One unreachable node must not hold up the other networks.
        this.deps.logger.warn({ err, transferId: transfer.id }, 'confirmation check failed');
      }
    }
    await this.deps.reporter.flush();
  }

  private async follow(transfer: Transfer): Promise<void> {
    const tx = signedOf(transfer);
    const status: TxStatus = await this.deps.chains.reader(transfer.network).transaction(tx.txid);
    switch (status.state) {
      case 'confirmed':
        return this.confirmations(transfer, tx, status.confirmations, status.fee);
      case 'failed': {
        // Final only as deep as a success would be: a reorganisation may mine the same signed
        // bytes again, successfully, and a retry signed meanwhile would pay twice.
        if (status.confirmations < requiredConfirmations(transfer)) return;
        const reason = `the transaction failed on-chain: ${status.reason}`;
        const failed = await this.deps.transfers.fail(
          transfer.id,
          'BROADCAST',
          reason,
          undoBatch(transfer, tx, 'principal'),
          feeSettlement(transfer, tx, status.fee),
        );
        return this.changed(failed, true);
      }
      case 'unknown': {
        // Dropped by the node (restart, mempool eviction): the same bytes again, never new ones.
        const result = await this.deps.chains.sender(transfer.network).broadcast(tx);
        if (!result.accepted) {
          this.deps.logger.warn({ transferId: transfer.id, reason: result.reason }, 're-broadcast refused');
        }
        return;
      }
      case 'mempool':
        return;
    }
  }

  /** The fee is settled as the transfer ends: until then a reorg may mine it again at another price. */
  private async confirmations(
    transfer: Transfer,
    tx: SignedTransaction,
    seen: number,
    fee: bigint | undefined,
  ): Promise<void> {
    const required = requiredConfirmations(transfer);
    const count = Math.min(seen, required);
    const ends = count >= required;
    if (count <= transfer.confirmations && !ends) return;
    const settled = ends ? feeSettlement(transfer, tx, fee) : undefined;
    const next = await this.deps.transfers.recordConfirmations(transfer.id, count, ends, settled);
    await this.changed(next, next?.state === 'CONFIRMED');
  }

  private async changed(transfer: Transfer | null, ended: boolean): Promise<void> {
    if (!transfer) return;
    if (ended) this.deps.reservationsChanged();
    await this.deps.reporter.report(transfer);
  }
}
