import {
  SenderNotReady,
  UnsignableTransfer,
  type BroadcastResult,
  type ChainSender,
  type SignedTransaction,
  type TransferOrder,
} from '@swap/chain';
import type { Network, Logger, Clock } from '@swap/domain';
import type { Transfer, TransferLifecycle } from '@swap/treasury-data';
import {
  transition,
  type TransferEvent,
  type TransferEventOf,
  type TransferMove,
} from '@swap/treasury-domain';

import type { TreasuryKeys } from '../keys/treasury-keys';
import { signedBatch, undoBatch } from '../ledger/transfer-postings';
import type { ReservationsSignal } from '../liquidity/reservations-signal';
import type { ProgressReporter } from '../payouts/progress.reporter';
import type { PayoutPolicy } from '../policy/payout-policy';
import type { SigningFreeze } from '../policy/signing-freeze';
import type { ExpiredTransfers } from './expired-transfers';
import { postponeAsDecided } from './postpone';
import type { RetryPolicy } from './retry-policy';

export interface NetworkSenderDeps {
  transfers: TransferLifecycle;
  chain: ChainSender;
  keys: TreasuryKeys;
  reporter: ProgressReporter;
  /** Told when a fee became known or a transfer ended. */
  reservations: ReservationsSignal;
  clock: Clock;
  logger: Logger;
  retry: RetryPolicy;
  /** Transfers signed together at most (then stored together, then broadcast one after the other). */
  batchSize: number;
  /** Refused or lost transactions on chains whose transactions expire. */
  expired: ExpiredTransfers;
  /** Screens what leaves the hot wallet against the limits before it is signed. */
  policy: Pick<PayoutPolicy, 'screen'>;
  /** The operator's kill switch: nothing is signed on a frozen network. */
  freeze: Pick<SigningFreeze, 'frozen'>;
}

/** A node's refusal of a transaction. */
type Refusal = Extract<BroadcastResult, { accepted: false }>;

/** The stored bytes of a transfer from SIGNED on. */
export function signedOf(transfer: Transfer): SignedTransaction {
  if (!transfer.signed) throw new Error(`transfer ${transfer.id} has no signed transaction`);
  return transfer.signed;
}

/**
 * Sends one network's transfers in order, oldest first: screen (the freeze and the payout limits),
 * sign, persist, and only then broadcast.
 * Due transfers are signed as a batch (an address's next nonces in turn), stored together, then
 * broadcast one after the other in that order; a signed transfer no node has taken yet goes out
 * (byte for byte) before anything else is signed, so account nonces never overtake each other.
 * One sender per network and process.
 */
export class NetworkSender {
  private queue: Promise<void> = Promise.resolve();
  private next: Promise<void> | null = null;
  /** Progress reports of passes whose sending is over: the next pass does not wait for them. */
  private readonly reporting = new Set<Promise<void>>();

  constructor(
    readonly network: Network,
    private readonly deps: NetworkSenderDeps,
  ) {}

  /**
   * Sends what is due and resolves once that is sent and reported; calls made while a pass runs
   * share the pass queued after it, which starts as soon as this one's sending is over.
   */
  drain(): Promise<void> {
    if (this.next) return this.next;
    const sending = this.queue.then(() => {
      this.next = null;
      return this.sendDue();
    });
    this.queue = sending.catch(() => undefined);
    // Earlier passes' reports too: once drained, everything sent so far has been reported.
    const reported = sending.finally(() => this.reported());
    this.next = reported;
    return reported;
  }

  /** Resolves once the passes started so far are over, their reports included. */
  async settled(): Promise<void> {
    await this.queue;
    await this.reported();
  }

  private async reported(): Promise<void> {
    await Promise.all([...this.reporting]);
  }

  /**
   * Reports an accepted transfer's progress in the background. A report that fails stays due and
   * goes out with the tracker's next flush (the reporter logs it).
   */
  private report(transfer: Transfer): void {
    const report = this.deps.reporter
      .report(transfer)
      .catch((err: unknown) =>
        this.deps.logger.error({ err, transferId: transfer.id }, 'progress not reported'),
      )
      .finally(() => this.reporting.delete(report));
    this.reporting.add(report);
  }

  /** Progress of what was accepted is reported, not awaited: the engine hears while the next transfers go out. */
  private async sendDue(): Promise<void> {
    const { transfers, clock } = this.deps;
    const batchSize = Math.min(this.deps.batchSize, this.deps.chain.maxBatch ?? Infinity);
    // Where each transaction stands alone, one waiting out a backoff holds up no other.
    const inOrder = !this.deps.chain.independent;
    for (;;) {
      const { unbroadcast, planned } = await transfers.nextToSend(this.network, {
        now: clock(),
        limit: batchSize,
        inOrder,
      });
      if (unbroadcast.length > 0) {
        // Waiting out a backoff: nothing may be sent or signed behind it.
        const waiting = unbroadcast.findIndex((transfer) => transfer.nextAttemptAt > clock());
        const due = waiting < 0 ? unbroadcast : unbroadcast.slice(0, waiting);
        if (due.length === 0 || !(await this.broadcast(due))) return;
        continue;
      }
      if (planned.length === 0) return;
      // Between planned and signed: the kill switch, then the payout policy (held ones leave PLANNED).
      if (await this.deps.freeze.frozen(this.network)) return;
      const cleared = await this.deps.policy.screen(planned);
      if (cleared.length === 0) continue;
      // Nothing else was waiting to go out: what was just signed goes next, in its order.
      const signed = cleared.length === 1 ? await this.sign(cleared[0]) : await this.signBatch(cleared);
      if (signed.length > 0 && !(await this.broadcast(signed))) return;
      // Everything due is out: a transfer planned since kicked the pass queued behind this one.
      if (signed.length === cleared.length && planned.length < batchSize) return;
    }
  }

  /**
   * PLANNED → SIGNED. If it was signed meanwhile, the stored bytes stand and these are dropped.
   * Returns the transfer as stored, or nothing when it could not be signed.
   */
  private async sign(transfer: Transfer): Promise<Transfer[]> {
    const { chain, keys, transfers } = this.deps;
    let tx: SignedTransaction;
    try {
      tx = await chain.sign(orderOf(transfer), keys.signer(this.network, transfer.fromIndex));
    } catch (err) {
      await this.signingFailed(transfer, err);
      return [];
    }
    const stored = await transfers.markSigned(transfer.id, tx, signedBatch(transfer, tx));
    this.deps.reservations.changed(this.network);
    // Signed by another sender meanwhile and sent already, or ended: nothing to broadcast.
    return transition(stored, { kind: 'Accepted' }).ok ? [stored] : [];
  }

  /**
   * Several PLANNED → SIGNED, stored all or none, and returned as stored. If the batch cannot be
   * signed, its first transfer is tried alone (and its failure recorded); if one was signed
   * meanwhile, these bytes are dropped and the next round reads what is stored.
   */
  private async signBatch(planned: Transfer[]): Promise<Transfer[]> {
    const { chain, keys, transfers } = this.deps;
    let txs: SignedTransaction[];
    try {
      txs = await chain.signBatch(
        planned.map((transfer) => ({
          order: orderOf(transfer),
          signer: keys.signer(this.network, transfer.fromIndex),
        })),
      );
    } catch {
      return this.sign(planned[0]);
    }
    const results = planned.map((transfer, i) => ({
      id: transfer.id,
      tx: txs[i],
      batch: signedBatch(transfer, txs[i]),
    }));
    const stored = await transfers.markSignedAll(results);
    if (!stored) return [];
    this.deps.reservations.changed(this.network);
    return stored;
  }

  /** The lifecycle decides: tried again (after the chain's wait or a backoff), or failed. */
  private async signingFailed(transfer: Transfer, err: unknown): Promise<void> {
    const { transfers, logger, retry, clock } = this.deps;
    let event: TransferEvent;
    let reason = 'the transaction could not be signed';
    if (err instanceof SenderNotReady) {
      logger.info({ transferId: transfer.id, reason: err.message }, 'not signed yet');
      event = { kind: 'SignerNotReady' };
    } else if (err instanceof UnsignableTransfer) {
      logger.warn({ transferId: transfer.id, reason: err.message }, 'transfer can never be signed');
      event = { kind: 'Unsignable' };
      reason = err.message;
    } else {
      logger.warn({ err, transferId: transfer.id, attempts: transfer.attempts + 1 }, 'signing failed');
      event = { kind: 'SigningFailed', maxAttempts: retry.maxSignAttempts };
    }
    const decided = transition(transfer, event);
    if (!decided.ok) return;
    if (decided.row.retry) {
      await postponeAsDecided(transfers, transfer, decided, retry, clock());
      return;
    }
    await this.ended(await transfers.fail(transfer.id, { from: decided.from, reason }));
  }

  /**
   * Sends signed transfers to the node in their order. True when it answered (each accepted or
   * refused for good); false when it could not be reached, or refused a transfer that holds up
   * the later nonces of its address: that one waits out a backoff, and the rest behind it.
   * Accepted transfers are reported in the background (see report()).
   */
  private async broadcast(due: Transfer[]): Promise<boolean> {
    const results = await this.sendToNode(due);
    if (!results) return false;
    await this.markAccepted(due, results);
    for (const [i, result] of results.entries()) {
      if (!result.accepted && !(await this.refused(due[i], result))) return false;
    }
    return true;
  }

  /** The node's answer for each transfer, or null when it could not be reached. */
  private async sendToNode(due: Transfer[]): Promise<BroadcastResult[] | null> {
    const { chain } = this.deps;
    try {
      return chain.nonces
        ? await this.broadcastUntilRefused(due)
        : await chain.broadcastBatch(due.map(signedOf));
    } catch (err) {
      await this.nodeUnreachable(due[0], err);
      return null;
    }
  }

  /** The first transfer is tried again after a backoff, and nothing behind it meanwhile. */
  private async nodeUnreachable(first: Transfer, err: unknown): Promise<void> {
    const { transfers, logger, retry, clock } = this.deps;
    const decided = transition(first, { kind: 'NodeUnreachable' });
    const message = `node unreachable: ${err instanceof Error ? err.message : String(err)}`;
    const delay = decided.ok
      ? await postponeAsDecided(transfers, first, decided, retry, clock(), message)
      : null;
    logger.warn(
      { err, transferId: first.id, txid: signedOf(first).txid, retryInMs: delay },
      'node unreachable',
    );
  }

  /** SIGNED → BROADCAST for the transfers the node took, each reported in the background. */
  private async markAccepted(due: Transfer[], results: BroadcastResult[]): Promise<void> {
    const accepted = due.filter((_, i) => results[i]?.accepted).map((transfer) => transfer.id);
    for (const sent of await this.deps.transfers.markBroadcastAll(accepted)) this.report(sent);
  }

  /**
   * What the lifecycle makes of a refusal: the transfer fails, or holds up the later nonces of its
   * address (false: nothing behind it is sent), or, where transactions expire, is sent again.
   */
  private async refused(transfer: Transfer, result: Refusal): Promise<boolean> {
    const tx = signedOf(transfer);
    const decided = transition(transfer, await this.refusal(transfer, result));
    if (!decided.ok) return true;
    if (decided.ends) {
      await this.refusedForGood(transfer, tx, decided, result.reason);
      return true;
    }
    if (decided.row.holds) {
      await this.refusedHoldingUp(transfer, tx, decided, result.reason);
      return false;
    }
    // Where transactions expire: sent again until it lands or a node proves it never can.
    await this.refusedUntilExpired(transfer, decided, result.reason);
    return true;
  }

  /** The lifecycle's Refused event for the node's answer. */
  private async refusal(transfer: Transfer, result: Refusal): Promise<TransferEventOf<'Refused'>> {
    const expires = this.deps.expired.expire(this.network);
    // Looked up only where it can decide: the rows of chains whose transactions expire come first.
    const holdsUpLaterNonces =
      !expires && !!this.deps.chain.nonces && !result.nonceTaken && (await this.holdsUpOthers(transfer));
    return { kind: 'Refused', expires, deadlineOnly: result.expired === true, holdsUpLaterNonces };
  }

  /** Failed with the node's reason; what its signing booked is undone. */
  private async refusedForGood(
    transfer: Transfer,
    tx: SignedTransaction,
    decided: TransferMove,
    reason: string,
  ): Promise<void> {
    this.deps.logger.warn({ transferId: transfer.id, txid: tx.txid, reason }, 'broadcast refused');
    const failed = await this.deps.transfers.fail(transfer.id, {
      from: decided.from,
      reason: `the network refused the transaction: ${reason}`,
      batch: undoBatch(transfer, tx, 'all'),
    });
    await this.ended(failed);
  }

  /**
   * Given up, its nonce would stay unused and stall the transfers already signed after it: it goes
   * out again first, after a backoff, and nothing is sent or signed behind it.
   */
  private async refusedHoldingUp(
    transfer: Transfer,
    tx: SignedTransaction,
    decided: TransferMove,
    reason: string,
  ): Promise<void> {
    const { transfers, logger, retry, clock } = this.deps;
    const delay = await postponeAsDecided(transfers, transfer, decided, retry, clock());
    logger.error(
      { transferId: transfer.id, txid: tx.txid, reason, retryInMs: delay, attempts: transfer.attempts + 1 },
      'broadcast refused; the transfers signed after it wait for it',
    );
  }

  /**
   * A refusal on a chain whose transactions expire proves nothing yet: the bytes may still land
   * before their deadline (funds arriving, a node that catches up). They are tried again after a
   * backoff until the node proves they never can; then the transfer is signed again (refused for
   * its deadline only) or fails with the node's reason (see ExpiredTransfers).
   */
  private async refusedUntilExpired(
    transfer: Transfer,
    decided: TransferMove,
    reason: string,
  ): Promise<void> {
    const { transfers, logger, retry, clock } = this.deps;
    // Past its deadline, the proof that it never lands is only blocks away: the table has it looked
    // at again soon, no failed attempt counted (nothing failed but the clock). Other refusals back off.
    const message = `the network refused the transaction: ${reason}`;
    const delay = await postponeAsDecided(transfers, transfer, decided, retry, clock(), message);
    const details = { transferId: transfer.id, txid: signedOf(transfer).txid, reason, retryInMs: delay };
    logger.warn(details, 'broadcast refused; sent again until it lands or can no longer land');
    const refused = decided.row.retry?.refused ?? transfer.refused;
    await this.deps.expired.settle({ ...transfer, refused, lastError: message });
  }

  /**
   * Whether transfers from the same address were signed after `transfer` (with the nonces after
   * its own). If none were, giving it up leaves no gap: the next transfer signed takes its nonce.
   */
  private async holdsUpOthers(transfer: Transfer): Promise<boolean> {
    const signed = await this.deps.transfers.unsettledSigned(this.network);
    const at = signed.findIndex((other) => other.id === transfer.id);
    return signed.slice(at + 1).some((other) => other.fromIndex === transfer.fromIndex);
  }

  /** One after the other, up to the first refusal: nothing behind a refused nonce is sent. */
  private async broadcastUntilRefused(due: Transfer[]): Promise<BroadcastResult[]> {
    const results: BroadcastResult[] = [];
    for (const transfer of due) {
      const result = await this.deps.chain.broadcast(signedOf(transfer));
      results.push(result);
      if (!result.accepted && !result.nonceTaken) break;
    }
    return results;
  }

  private async ended(failed: Transfer | null): Promise<void> {
    if (!failed) return;
    this.deps.reservations.changed(this.network);
    await this.deps.reporter.report(failed);
  }
}

const ACTIONS: Partial<Record<Transfer['kind'], TransferOrder['action']>> = {
  delegate: 'lend-energy',
  undelegate: 'reclaim-energy',
};

const orderOf = (transfer: Transfer): TransferOrder => {
  const action = ACTIONS[transfer.kind];
  const order = { currency: transfer.currency, to: transfer.to, amount: transfer.amount };
  return action ? { ...order, action } : order;
};
