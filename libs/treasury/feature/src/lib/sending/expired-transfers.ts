import type { Network, Logger } from '@swap/domain';
import type { Transfer, TransferLifecycle } from '@swap/treasury-data';
import { takes, transition } from '@swap/treasury-domain';
import type { ChainNodes } from '../chains/chain-nodes';
import { replacedBatch, undoBatch } from '../ledger/transfer-postings';
import type { ReservationsSignal } from '../liquidity/reservations-signal';
import type { ProgressReporter } from '../payouts/progress.reporter';

export interface ExpiredTransfersDeps {
  transfers: TransferLifecycle;
  chains: ChainNodes;
  reporter: ProgressReporter;
  reservations: ReservationsSignal;
  logger: Logger;
}

/** What the node's proof made of a transfer: signed again, failed, or still possibly landing. */
export type ExpiryOutcome = 'replanned' | 'failed' | 'pending';

/**
 * Transfers on chains whose transactions carry a deadline (Tron, Solana). A transaction the node
 * refused, or accepted and then lost, gives way only once the node proves it can never land
 * (ChainReader.neverLands): then one a node had taken, or refused only for its deadline, is
 * signed again (the old bytes archived, see TransferLifecycle.replaceExpired), and one refused
 * for another reason fails with that reason. Before the proof, nothing new is signed for it: two
 * valid transactions of one payout never exist at once.
 */
export class ExpiredTransfers {
  constructor(private readonly deps: ExpiredTransfersDeps) {}

  /** Whether `network`'s transactions expire (its reader can prove that one never lands). */
  expire(network: Network): boolean {
    return this.deps.chains.reader(network).neverLands !== undefined;
  }

  async settle(transfer: Transfer): Promise<ExpiryOutcome> {
    const { transfers, chains, logger } = this.deps;
    const reader = chains.reader(transfer.network);
    const tx = transfer.signed;
    if (!reader.neverLands || !tx || !takes('ProvenDead').includes(transfer.state)) return 'pending';
    const proof = await reader.neverLands(tx);
    if (proof === null) return 'pending';
    const decided = transition(transfer, { kind: 'ProvenDead' });
    if (!decided.ok) return 'pending';
    const details = { transferId: transfer.id, txid: tx.txid, proof };
    if (decided.ends) {
      const reason = transfer.lastError ?? 'the network refused the transaction';
      logger.warn(details, 'refused transaction can no longer land; transfer failed');
      await this.ended(
        await transfers.fail(transfer.id, {
          from: decided.from,
          reason,
          batch: undoBatch(transfer, tx, 'all'),
        }),
      );
      return 'failed';
    }
    const replanned = await transfers.replaceExpired(transfer, proof, replacedBatch(transfer, tx));
    if (!replanned) return 'pending';
    logger.warn(
      { ...details, generation: replanned.generation },
      'transaction expired without landing; the transfer is signed again',
    );
    this.deps.reservations.changed(transfer.network);
    return 'replanned';
  }

  private async ended(failed: Transfer | null): Promise<void> {
    if (!failed) return;
    this.deps.reservations.changed(failed.network);
    await this.deps.reporter.report(failed);
  }
}
