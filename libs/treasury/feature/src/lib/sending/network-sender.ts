import type { ChainSender, SignedTransaction } from '@swap/chain';
import type { Network } from '@swap/domain';
import type { Transfer, TransferRepository } from '@swap/treasury-data';
import type { Clock, TreasuryLogger } from '../chains/chain-nodes';
import type { TreasuryKeys } from '../keys/treasury-keys';
import { signedBatch, undoBatch } from '../ledger/transfer-postings';
import type { ProgressReporter } from '../payouts/progress.reporter';
import { retryDelay, type RetryPolicy } from './retry-policy';

export interface NetworkSenderDeps {
  transfers: TransferRepository;
  chain: ChainSender;
  keys: TreasuryKeys;
  reporter: ProgressReporter;
  /** Called when the hot wallet's reservations changed (a fee became known, a transfer ended). */
  reservationsChanged: () => void;
  clock: Clock;
  logger: TreasuryLogger;
  retry: RetryPolicy;
}

/** The stored bytes of a transfer from SIGNED on. */
export function signedOf(transfer: Transfer): SignedTransaction {
  if (!transfer.signed) throw new Error(`transfer ${transfer.id} has no signed transaction`);
  return transfer.signed;
}

/**
 * Sends one network's transfers one at a time, oldest first: sign, persist, and only then
 * broadcast. A signed transfer no node has taken yet goes out (byte for byte) before anything else
 * is signed, so account nonces never overtake each other. One sender per network and process.
 */
export class NetworkSender {
  private queue: Promise<void> = Promise.resolve();
  private next: Promise<void> | null = null;

  constructor(
    readonly network: Network,
    private readonly deps: NetworkSenderDeps,
  ) {}

  /** Sends what is due; calls made while a pass runs share the pass queued after it. */
  drain(): Promise<void> {
    if (this.next) return this.next;
    const pass = this.queue.then(() => {
      this.next = null;
      return this.sendDue();
    });
    this.next = pass;
    this.queue = pass.catch(() => undefined);
    return pass;
  }

  /** Resolves once the passes started so far are over. */
  async settled(): Promise<void> {
    await this.queue;
  }

  private async sendDue(): Promise<void> {
    const { transfers, clock } = this.deps;
    for (;;) {
      const unbroadcast = await transfers.firstUnbroadcast(this.network);
      if (unbroadcast) {
        // Waiting out a backoff: nothing may be signed behind it.
        if (unbroadcast.nextAttemptAt > clock() || !(await this.broadcast(unbroadcast))) return;
        continue;
      }
      const planned = await transfers.nextPlanned(this.network, clock());
      if (!planned) return;
      await this.sign(planned);
    }
  }

  /** PLANNED → SIGNED. If it was signed meanwhile, the stored bytes stand and these are dropped. */
  private async sign(transfer: Transfer): Promise<void> {
    const { chain, keys, transfers } = this.deps;
    let tx: SignedTransaction;
    try {
      const signer = keys.signer(this.network, transfer.fromIndex);
      tx = await chain.sign(
        { currency: transfer.currency, to: transfer.to, amount: transfer.amount },
        signer,
      );
    } catch (err) {
      await this.signingFailed(transfer, err);
      return;
    }
    await transfers.markSigned(transfer.id, tx, signedBatch(transfer, tx));
    this.deps.reservationsChanged();
  }

  private async signingFailed(transfer: Transfer, err: unknown): Promise<void> {
    const { transfers, logger, retry, clock } = this.deps;
    logger.warn({ err, transferId: transfer.id, attempts: transfer.attempts + 1 }, 'signing failed');
    // A refund is the refunds service's to give up on: it keeps asking, so signing keeps trying.
    if (transfer.kind === 'refund' || transfer.attempts + 1 < retry.maxSignAttempts) {
      await transfers.postpone(transfer.id, 'PLANNED', clock() + retryDelay(retry, transfer.attempts));
      return;
    }
    const failed = await transfers.fail(transfer.id, 'PLANNED', 'the transaction could not be signed', null);
    await this.ended(failed);
  }

  /** True when the node answered (accepted or refused for good); false when it could not be reached. */
  private async broadcast(transfer: Transfer): Promise<boolean> {
    const { chain, transfers, logger, retry, clock } = this.deps;
    const tx = signedOf(transfer);
    let result;
    try {
      result = await chain.broadcast(tx);
    } catch (err) {
      const delay = retryDelay(retry, transfer.attempts);
      logger.warn({ err, transferId: transfer.id, txid: tx.txid, retryInMs: delay }, 'node unreachable');
      await transfers.postpone(transfer.id, 'SIGNED', clock() + delay);
      return false;
    }
    if (result.accepted) {
      const sent = await transfers.markBroadcast(transfer.id);
      if (sent) await this.deps.reporter.report(sent);
      return true;
    }
    logger.warn({ transferId: transfer.id, txid: tx.txid, reason: result.reason }, 'broadcast refused');
    const reason = `the network refused the transaction: ${result.reason}`;
    await this.ended(await transfers.fail(transfer.id, 'SIGNED', reason, undoBatch(transfer, tx, 'all')));
    return true;
  }

  private async ended(failed: Transfer | null): Promise<void> {
    if (!failed) return;
    this.deps.reservationsChanged();
    await this.deps.reporter.report(failed);
  }
}
