import type { ChainReader, ChainSender, SignedTransaction } from '@swap/chain';
import { CURRENCIES, Network, type Logger, type Clock } from '@swap/domain';
import { Refund, RefundRepository } from '@swap/refunds-data';
import { ProgressPublisher, refundProgress, reportKey } from './refund-reporter';
import { DEFAULT_STALL_POLICY, Stalls, type StallPolicy } from './stalls';
import { RefundSigner } from './treasury-signer';

/** What held a refund up in a pass, to log once (a step answers null when it moved on, or waits for blocks). */
interface Stall {
  message: string;
  details: object;
}

/**
 * Moves one network's refunds along, exactly once: REQUESTED → signed by the treasury, bytes
 * stored (SIGNED) → those bytes sent (SENT) → counted on the chain (CONFIRMED, up to the coin's
 * threshold) or FAILED. Every step is guarded by the state it leaves, and a crash anywhere only
 * repeats a step that is safe to repeat: signing is idempotent by refund id at the treasury, and a
 * broadcast of the same bytes is the same transaction. Each new state is then reported to the
 * swap's actor until the report is acknowledged. A refund a pass left where it was waits out a
 * growing delay (see Stalls) and what holds it up is logged once, not every pass.
 */
export class RefundWorker {
  private readonly required: number;
  private readonly stalls: Stalls;

  constructor(
    readonly network: Network,
    private readonly refunds: RefundRepository,
    private readonly signer: RefundSigner,
    private readonly sender: Pick<ChainSender, 'broadcast'>,
    private readonly reader: Pick<ChainReader, 'transaction' | 'neverLands'>,
    private readonly publisher: ProgressPublisher,
    private readonly logger: Logger,
    private readonly clock: Clock = Date.now,
    stallPolicy: StallPolicy = DEFAULT_STALL_POLICY,
  ) {
    this.required = CURRENCIES[network].reqConfirmations;
    this.stalls = new Stalls(stallPolicy, clock);
  }

  /** One pass over the network's open refunds (those not waiting out a stall), then over the reports still owed. */
  async runOnce(): Promise<void> {
    const open = await this.refunds.open(this.network, this.required);
    this.stalls.retain(new Set(open.map((refund) => refund.refundId)));
    for (const refund of open) if (this.stalls.due(refund.refundId)) await this.advance(refund);
    for (const refund of await this.refunds.unreported(this.network)) await this.report(refund);
  }

  private async advance(refund: Refund): Promise<void> {
    const { refundId, swapId } = refund;
    const stall = await this.step(refund);
    if (!stall) return this.stalls.progressed(refundId);
    const why = `${stall.message} ${JSON.stringify(stall.details)}`;
    const { news, retryInMs } = this.stalls.stalled(refundId, why);
    if (news) this.logger.warn({ refundId, swapId, ...stall.details, retryInMs }, stall.message);
  }

  private async step(refund: Refund): Promise<Stall | null> {
    switch (refund.state) {
      case 'REQUESTED':
        return this.sign(refund);
      case 'SIGNED':
        return this.send(refund);
      case 'SENT':
      case 'CONFIRMED':
        return this.count(refund);
      default:
        return null;
    }
  }

  private async sign(refund: Refund): Promise<Stall | null> {
    const outcome = await this.signer.sign(refund);
    if (!outcome.ok) {
      if (!outcome.permanent)
        return { message: 'refund not signed yet; will retry', details: { reason: outcome.reason } };
      await this.refunds.failed(refund.refundId, 'REQUESTED', outcome.reason);
      return null;
    }
    if (!(await this.refunds.signed(refund.refundId, outcome.tx))) return null;
    return this.send({ ...refund, state: 'SIGNED', ...outcome.tx });
  }

  private async send(refund: Refund): Promise<Stall | null> {
    const result = await this.broadcast(refund);
    if (result.accepted) {
      await this.refunds.sent(refund.refundId);
      this.logger.info(
        { refundId: refund.refundId, swapId: refund.swapId, txid: refund.txid },
        'refund sent',
      );
      return null;
    }
    const reason = `the network refused the refund: ${result.reason}`;
    if (!this.reader.neverLands) {
      await this.refunds.failed(refund.refundId, 'SIGNED', reason);
      return null;
    }
    // Where transactions expire, a refusal proves nothing until the deadline has passed: the bytes
    // are sent again until they land or the node proves they never can.
    const refused = result.expired !== true;
    await this.refunds.refusedNow(refund.refundId, reason, refused);
    const settled = await this.settleExpired({ ...refund, refused, lastError: reason });
    if (settled !== 'unproven') return settled;
    return { message: 'refund refused; sent again', details: { txid: refund.txid, reason } };
  }

  /**
   * A refund transaction that can never land (Tron, Solana: its deadline passed unmined, as the node
   * proves): refused for a reason of its own, the refund fails with it; otherwise the treasury signs
   * it again under the same request id and the new bytes replace the old, archived ones (or, where
   * the treasury gave the transfer up, the refund fails with its reason). 'unproven' while the node
   * has no proof.
   */
  private async settleExpired(refund: Refund): Promise<Stall | null | 'unproven'> {
    const proof = await this.reader.neverLands?.(this.signedOf(refund));
    if (!proof) return 'unproven';
    if (refund.state === 'SIGNED' && refund.refused) {
      await this.refunds.failed(
        refund.refundId,
        'SIGNED',
        refund.lastError ?? 'the network refused the refund',
      );
      return null;
    }
    const outcome = await this.signer.sign(refund);
    const details = { txid: refund.txid, proof };
    if (!outcome.ok) {
      if (!outcome.permanent)
        return {
          message: 'refund proven dead; not signed again yet',
          details: { ...details, reason: outcome.reason },
        };
      await this.refunds.failed(refund.refundId, refund.state, outcome.reason);
      return null;
    }
    // The treasury signs anew only once it has seen the proof itself; until then it answers the old bytes.
    if (outcome.tx.txid === refund.txid)
      return { message: 'refund proven dead; waiting for the treasury to sign it again', details };
    if (!(await this.refunds.replaced(refund, outcome.tx, proof))) return null;
    this.logger.warn(
      { refundId: refund.refundId, expired: refund.txid, txid: outcome.tx.txid, proof },
      'refund transaction expired without landing; sending the one signed again',
    );
    return this.send({ ...refund, ...outcome.tx, state: 'SIGNED', refused: false });
  }

  private async count(refund: Refund): Promise<Stall | null> {
    const status = await this.reader.transaction(refund.txid as string);
    switch (status.state) {
      case 'confirmed':
        await this.refunds.confirmed(refund.refundId, Math.min(status.confirmations, this.required));
        return null;
      case 'failed':
        // Final only as deep as a success would be: a reorganisation may mine the same bytes
        // again, successfully, and a refund an operator started meanwhile would pay twice.
        if (status.confirmations < this.required) return null;
        await this.refunds.failed(
          refund.refundId,
          refund.state,
          `the refund failed on-chain: ${status.reason}`,
        );
        return null;
      case 'unknown': {
        const settled = await this.settleExpired(refund);
        if (settled !== 'unproven') return settled;
        // Dropped by the node (restart, eviction): the same bytes again, never a new transaction.
        // A refusal now (fees rose, the mempool is full) is no proof the refund cannot land: the
        // treasury sends the same bytes again too. It stays SENT; FAILED is for the chain to say.
        const again = await this.broadcast(refund);
        if (again.accepted) return null;
        return {
          message: 'refund dropped by the node and refused again; still waiting for it',
          details: { txid: refund.txid, reason: again.reason },
        };
      }
      case 'mempool':
        return null;
    }
  }

  /** The stored bytes, sent again as they are (signing stores them with their txid and fee). */
  private broadcast(refund: Refund) {
    return this.sender.broadcast(this.signedOf(refund));
  }

  private signedOf(refund: Refund): SignedTransaction {
    const { txid, raw, fee, feeCurrency, validUntil } = refund;
    if (txid === null || raw === null || fee === null || feeCurrency === null)
      throw new Error(`refund ${refund.refundId} has no signed transaction`);
    return { network: refund.network, txid, raw, fee, feeCurrency, txKey: null, validUntil };
  }

  private async report(refund: Refund): Promise<void> {
    await this.publisher.publish(refundProgress(refund, this.clock()));
    await this.refunds.markReported(refund.refundId, reportKey(refund));
  }
}
