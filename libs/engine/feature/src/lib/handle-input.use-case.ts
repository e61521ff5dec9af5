import type { DepositObserved, EngineInput, PayoutProgress, RefundProgress } from '@swap/contracts';
import { Swap, type Logger, type Clock } from '@swap/domain';
import {
  creditOf,
  DepositMoment,
  DepositReport,
  depositReportEvents,
  mayCredit,
  payoutReportEvents,
  refundReportEvents,
} from '@swap/engine-domain';
import { DepositLogRepository, DepositRecord, SwapRepository } from '@swap/engine-data';
import { creditingMarket, MarketFeed } from '@swap/market';
import { ApplyAll, ApplySwapEvent, EventOutcome } from './apply-event';

/**
 * What the actor does with an input from outside: a watcher's deposit report, the treasury's
 * payout progress (of the swap's payout or of a later deposit's own), the refunds service's
 * refund progress (of the swap's refund or of a deposit's return). The domain decides which of the
 * state machine's events each brings; they are applied in the swap's mailbox. An input the machine
 * does not take in the swap's state (late, a duplicate, out of order) is logged and dropped; only
 * an infrastructure failure (database, stale prices while crediting) is thrown, so the message
 * comes back later.
 */
export class HandleEngineInput {
  constructor(
    private readonly swaps: SwapRepository,
    private readonly deposits: DepositLogRepository,
    private readonly apply: ApplySwapEvent,
    private readonly market: MarketFeed,
    private readonly logger: Logger,
    private readonly clock: Clock = Date.now,
  ) {}

  /**
   * Enters the swap's mailbox at once, so one swap's inputs are handled in the order they came.
   * `seq` is the input's engine-inbox stream sequence: a deposit report that comes back after a
   * failure, once a later report of the same deposit was handled, is older news and dropped.
   */
  execute(input: EngineInput, seq: number): Promise<void> {
    return this.apply.exclusive(input.swapId, async (applyAll) => {
      const found = await this.swaps.findWithAttempts(input.swapId);
      if (!found) {
        this.logger.error({ swapId: input.swapId, kind: input.kind }, 'input for an unknown swap dropped');
        return;
      }
      const { swap, attempts } = found;
      switch (input.kind) {
        case 'deposit':
          return this.deposit(input, seq, swap, applyAll);
        case 'payout': {
          const report = { ...input, fee: optionalUnits(input.fee) };
          const events = payoutReportEvents(swap, report, attempts.payoutId, this.nowSeconds());
          if (!events) return this.superseded(input, attempts.payoutId);
          return this.logRejection(input, await applyAll(events, swap));
        }
        case 'refund': {
          const report = { ...input, fee: optionalUnits(input.fee) };
          const events = refundReportEvents(swap, report, attempts.refundId, this.nowSeconds());
          if (!events) return this.superseded(input, attempts.refundId);
          return this.logRejection(input, await applyAll(events, swap));
        }
      }
    });
  }

  /** Logged first, whatever the swap makes of it: nothing seen is forgotten. */
  private async deposit(input: DepositObserved, seq: number, swap: Swap, applyAll: ApplyAll): Promise<void> {
    const record = depositRecord(input);
    const logged = await this.deposits.record(record, seq);
    if (!logged) {
      this.logger.info(
        { swapId: input.swapId, depositId: input.depositId, seq },
        'deposit report older than one already handled dropped',
      );
      return;
    }
    const report: DepositReport = {
      ...record,
      credited: logged.credited,
      minedDeposits: input.minedDeposits,
    };
    const events = depositReportEvents(swap, report, await this.moment(swap, report));
    const outcome = await applyAll(events, swap);
    this.logRejection(input, outcome);
    if (report.reverted && outcome?.ok && outcome.changed && outcome.swap.status === 'NEW')
      await this.trackAnother(input, outcome.swap, applyAll);
  }

  /**
   * The tracked deposit vanished and the swap is NEW again, but another deposit to its address is
   * still live (a fee bump replaced the first, or a second payment): the swap follows that one at
   * once, as its last report told it, rather than wait for its next report (the payment window
   * might close meanwhile).
   */
  private async trackAnother(vanished: DepositObserved, swap: Swap, applyAll: ApplyAll): Promise<void> {
    const other = (await this.deposits.forSwap(swap.id)).find(
      (d) => !d.reverted && d.depositId !== vanished.depositId,
    );
    if (!other) return;
    this.logger.info(
      { swapId: swap.id, vanished: vanished.depositId, tracked: other.depositId },
      'tracked deposit vanished; following another deposit to the address',
    );
    const report: DepositReport = { ...other, minedDeposits: undefined };
    const events = depositReportEvents(swap, report, await this.moment(swap, report));
    this.logRejection(vanished, await applyAll(events, swap));
  }

  /**
   * What the report's events are built with. Rule 1: the credit adds up the deposit log, read only
   * when the report may credit the swap; the market is asked only when an event needs it.
   */
  private async moment(swap: Swap, report: DepositReport): Promise<DepositMoment> {
    return {
      credit: mayCredit(swap, report) ? creditOf(report, await this.deposits.forSwap(swap.id)) : null,
      now: this.nowSeconds(),
      market: (current) => creditingMarket(this.market, current.from, current.to),
    };
  }

  /** Progress of an attempt the swap no longer waits on (replaced by an operator's retry) is dropped. */
  private superseded(input: PayoutProgress | RefundProgress, current: string | undefined): void {
    const id = input.kind === 'payout' ? input.payoutId : input.refundId;
    this.logger.info({ swapId: input.swapId, id, current }, 'progress of a superseded attempt ignored');
  }

  private logRejection(input: EngineInput, outcome: EventOutcome | null): void {
    if (outcome && !outcome.ok)
      this.logger.info(
        {
          swapId: input.swapId,
          kind: input.kind,
          status: outcome.swap.status,
          reason: outcome.rejection.reason,
        },
        "input not taken in the swap's state",
      );
  }

  private nowSeconds(): number {
    return Math.floor(this.clock() / 1000);
  }
}

function optionalUnits(value: string | null): bigint | null {
  return value === null ? null : BigInt(value);
}

function depositRecord(input: DepositObserved): DepositRecord {
  return {
    depositId: input.depositId,
    swapId: input.swapId,
    currency: input.currency,
    address: input.address,
    txid: input.txid,
    index: input.index,
    amount: BigInt(input.amount),
    confirmations: input.confirmations,
    blockHeight: input.blockHeight,
    blockHash: input.blockHash,
    reverted: input.reverted,
    replacedBy: input.reverted ? (input.replacedBy ?? null) : null,
  };
}
