import type { SignedTransaction, TxStatus } from '@swap/chain';
import type { Network, Logger, Clock } from '@swap/domain';
import { DependencyWaits } from '@swap/service-kit';
import type { Transfer, TransferLifecycle, TransferReports, TransferTransaction } from '@swap/treasury-data';
import { transition } from '@swap/treasury-domain';
import type { ChainNodes } from '../chains/chain-nodes';
import { feeSettlement, undoBatch } from '../ledger/transfer-postings';
import type { ReservationsSignal } from '../liquidity/reservations-signal';
import type { ProgressReporter } from '../payouts/progress.reporter';
import type { ConflictingTransactions } from '../replacements/conflicting-transactions';
import type { ExpiredTransfers } from '../sending/expired-transfers';
import { signedOf } from '../sending/network-sender';
import { postponeAsDecided } from '../sending/postpone';
import { DEFAULT_RETRY, type RetryPolicy } from '../sending/retry-policy';
import { requiredConfirmations } from './required-confirmations';

export interface ConfirmationTrackerDeps {
  transfers: TransferLifecycle;
  /** The transfers in flight, read each poll. */
  transferReports: Pick<TransferReports, 'inFlight'>;
  chains: ChainNodes;
  reporter: ProgressReporter;
  reservations: ReservationsSignal;
  clock: Clock;
  logger: Logger;
  /** Transactions lost by the node on chains where they expire. */
  expired: ExpiredTransfers;
  /** A transfer of `network` is due for signing again (its transaction expired unlanded). */
  resend: (network: Network) => void;
  /** Transfers with a fee bump or nonce filler: settled on whichever transaction is mined. */
  conflicts?: ConflictingTransactions;
  /** Backoff of re-broadcasts the node refuses (default DEFAULT_RETRY). */
  retry?: RetryPolicy;
}

/**
 * A transaction in a mempool can leave it without a block (evicted, the node restarted): without a
 * new block, it is looked up again after this long, to be sent again if the node forgot it.
 */
export const MEMPOOL_RECHECK_MS = 30_000;

/** What the last look at a transfer saw: the chain's tip then, and when. */
interface LastCheck {
  tip: string;
  at: number;
}

/**
 * Follows broadcast transfers on their chain (run by a RepeatingTask): each new confirmation count
 * up to the threshold, then CONFIRMED; a transaction mined but failed → FAILED, once it is as deep
 * as the threshold. Progress reports that could not be sent earlier go out here too. A transfer's
 * confirmations change only with a block, so it is looked up only when its chain's tip moved since
 * the last look (or MEMPOOL_RECHECK_MS passed): one tip read per network and poll, not one lookup
 * per transfer, while a slow chain such as Bitcoin holds hundreds in flight between its blocks.
 */
export class ConfirmationTracker {
  private readonly checked = new Map<string, LastCheck>();
  /** A node down is one line per outage, not one per transfer and poll. */
  private readonly waits: DependencyWaits<Network>;
  /** The last refusal of each transfer's re-broadcast that was logged: one warning per cause, not per attempt. */
  private readonly refusals = new Map<string, string>();

  constructor(private readonly deps: ConfirmationTrackerDeps) {
    this.waits = new DependencyWaits((network) => `confirmations of ${network}`, deps.logger, {
      clock: deps.clock,
      faultLevel: 'warn',
    });
  }

  async poll(): Promise<void> {
    const all = await this.deps.transferReports.inFlight();
    // A network whose node failed is asked again only once its backoff is over (up to 30 s).
    const inFlight = all.filter((transfer) => this.waits.of(transfer.network).due());
    const networks = new Set(inFlight.map((transfer) => transfer.network));
    const failing = new Set<Network>();
    const failed = (network: Network, err: unknown, message: string, details: object) => {
      failing.add(network);
      this.waits.of(network).failed(err, message, details);
    };
    const tips = await this.tips(networks, failed);
    const now = this.deps.clock();
    const ids = new Set(all.map((transfer) => transfer.id));
    for (const id of this.checked.keys()) if (!ids.has(id)) this.checked.delete(id);
    for (const id of this.refusals.keys()) if (!ids.has(id)) this.refusals.delete(id);
    const others = this.deps.conflicts ? await this.deps.conflicts.of(inFlight) : new Map<string, never>();
    for (const transfer of inFlight) {
      const tip = tips.get(transfer.network);
      const last = this.checked.get(transfer.id);
      if (tip !== undefined && last?.tip === tip && now - last.at < MEMPOOL_RECHECK_MS) continue;
      try {
        const status = await this.follow(transfer, others.get(transfer.id) ?? []);
        // A transaction the node does not know is looked up each poll, and sent again when its backoff allows.
        if (tip !== undefined && status !== 'unknown') this.checked.set(transfer.id, { tip, at: now });
      } catch (err) {
        // One unreachable node must not hold up the other networks.
        failed(transfer.network, err, 'confirmation check failed', { transferId: transfer.id });
      }
    }
    for (const network of networks) if (!failing.has(network)) this.waits.of(network).succeeded();
    await this.deps.reporter.flush();
  }

  /** Each network's tip hash; a network whose tip cannot be read has none, and all of it is looked up. */
  private async tips(
    networks: Set<Network>,
    failed: (network: Network, err: unknown, message: string, details: object) => void,
  ): Promise<Map<Network, string>> {
    const tips = new Map<Network, string>();
    for (const network of networks) {
      try {
        tips.set(network, (await this.deps.chains.reader(network).tip()).hash);
      } catch (err) {
        failed(network, err, 'chain tip unreadable; every transfer looked up', { network });
      }
    }
    return tips;
  }

  private async follow(transfer: Transfer, others: TransferTransaction[]): Promise<TxStatus['state']> {
    let current: Transfer | null = transfer;
    if (others.length > 0 && this.deps.conflicts) {
      // Another transaction of it was mined: followed instead, or a filler ended it.
      current = await this.deps.conflicts.settle(transfer, others);
      if (!current) return 'mempool';
    }
    const tx = signedOf(current);
    const status: TxStatus = await this.deps.chains.reader(current.network).transaction(tx.txid);
    await this.apply(current, tx, status, others);
    return status.state;
  }

  private async apply(
    transfer: Transfer,
    tx: SignedTransaction,
    status: TxStatus,
    others: TransferTransaction[] = [],
  ): Promise<void> {
    if (status.state !== 'unknown') {
      const seen = transition(transfer, { kind: 'SeenAgain' });
      if (seen.ok && !seen.idle) await this.deps.conflicts?.clearError(transfer.id);
    }
    switch (status.state) {
      case 'confirmed':
        return this.confirmations(transfer, tx, status.confirmations, status.fee, others);
      case 'failed': {
        // Final only as deep as a success would be: a reorganisation may mine the same signed
        // bytes again, successfully, and a retry signed meanwhile would pay twice.
        const decided = transition(transfer, {
          kind: 'MinedFailed',
          confirmations: status.confirmations,
          required: requiredConfirmations(transfer),
        });
        if (!decided.ok || decided.idle) return;
        const reason = `the transaction failed on-chain: ${status.reason}`;
        const failed = await this.deps.transfers.fail(transfer.id, {
          from: decided.from,
          reason,
          batch: undoBatch(transfer, tx, 'principal'),
          fee: feeSettlement(transfer, tx, status.fee),
        });
        return this.changed(failed, true);
      }
      case 'unknown': {
        // Past its deadline and proven never to land (Tron, Solana): signed again, by the sender.
        if ((await this.deps.expired.settle(transfer)) === 'replanned') {
          this.deps.resend(transfer.network);
          return;
        }
        // Dropped by the node (restart, mempool eviction): the same bytes again, never new ones
        // (or the operator's filler, where there is one: the payout is not to be revived).
        const now = this.deps.clock();
        const dropped = transition(transfer, { kind: 'Dropped', now });
        if (!dropped.ok || !dropped.row.resends) return;
        const fillers = others.filter((other) => other.role === 'filler');
        return this.resend(transfer, fillers.at(-1)?.tx ?? tx, now);
      }
      case 'mempool':
        return;
    }
  }

  /**
   * A transaction the node lost, sent again (the lifecycle's Dropped rows wait out its backoff). A refusal (the fee below
   * what the node takes now, a nonce gone) backs off exponentially, up to the policy's maximum,
   * with the reason stored for `swapctl treasury transfers`; logged once per transfer and reason.
   */
  private async resend(transfer: Transfer, tx: SignedTransaction, now: number): Promise<void> {
    const { transfers, logger } = this.deps;
    const result = await this.deps.chains.sender(transfer.network).broadcast(tx);
    if (result.accepted) {
      this.refusals.delete(transfer.id);
      return;
    }
    const decided = transition(transfer, { kind: 'RebroadcastRefused' });
    if (!decided.ok) return;
    const retry = this.deps.retry ?? DEFAULT_RETRY;
    const message = `the node lost the transaction and refuses it again: ${result.reason}`;
    const delay = await postponeAsDecided(transfers, transfer, decided, retry, now, message);
    if (this.refusals.get(transfer.id) === result.reason) return;
    this.refusals.set(transfer.id, result.reason);
    logger.warn(
      {
        transferId: transfer.id,
        txid: tx.txid,
        reason: result.reason,
        attempts: transfer.attempts + 1,
        retryInMs: delay,
      },
      're-broadcast refused; sent again with backoff (see swapctl treasury transfers; bump or fill-nonce resolve it)',
    );
  }

  /** The fee is settled as the transfer ends: until then a reorg may mine it again at another price. */
  private async confirmations(
    transfer: Transfer,
    tx: SignedTransaction,
    seen: number,
    fee: bigint | undefined,
    others: TransferTransaction[],
  ): Promise<void> {
    const required = requiredConfirmations(transfer);
    const count = Math.min(seen, required);
    const decided = transition(transfer, { kind: 'Confirmations', count, required });
    if (!decided.ok || decided.idle) return;
    const { ends } = decided;
    const settled = ends ? feeSettlement(transfer, tx, fee) : undefined;
    const unlanded =
      ends && this.deps.conflicts ? this.deps.conflicts.unlanded(transfer, tx.txid, others) : [];
    const next = await this.deps.transfers.recordConfirmations(transfer.id, {
      confirmations: count,
      confirmed: ends,
      fee: settled,
      more: unlanded,
    });
    await this.changed(next, ends);
  }

  private async changed(transfer: Transfer | null, ended: boolean): Promise<void> {
    if (!transfer) return;
    if (ended) this.deps.reservations.changed(transfer.network);
    await this.deps.reporter.report(transfer);
  }
}
