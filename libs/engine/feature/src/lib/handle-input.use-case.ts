import type { DepositObserved, EngineInput, PayoutProgress, RefundProgress } from '@swap/contracts';
import { CURRENCIES, laterDepositPaidBy, returnOf, Swap, SwapEvent, SwapStatus } from '@swap/domain';
import { DepositLogRepository, LoggedDepositRecord, MoneyAttempts, SwapRepository } from '@swap/engine-data';
import { creditingMarket, MarketFeed } from '@swap/market';
import { ApplyAll, ApplySwapEvent, EventOutcome } from './apply-event';
import { JobLogger } from './expiry.job';

type Build = (swap: Swap) => SwapEvent | null;

/** What a crediting adds up: the amount of the logged deposits with their confirmations, and their ids. */
interface Credit {
  amount: bigint;
  deposits: string[];
  /** Their transactions. */
  txids: string[];
}

const AWAITING_CREDIT: readonly SwapStatus[] = ['NEW', 'PENDING', 'CONFIRMING'];
/** Where a later deposit may be exchanged (joined to a decision, or paid on its own): the market is asked. */
const EXCHANGES_LATER: readonly SwapStatus[] = ['RATE_CHANGED', 'EXCHANGING', 'SENDING'];

/**
 * What the actor does with an input from outside: a watcher's deposit report, the treasury's
 * payout progress (of the swap's payout or of a later deposit's own), the refunds service's
 * refund progress (of the swap's refund or of a deposit's return). Each becomes the state machine's events,
 * applied in the swap's mailbox. An input the machine does not take in the swap's state (late, a
 * duplicate, out of order) is logged and dropped; only an infrastructure failure (database, stale
 * prices while crediting) is thrown, so the message comes back later.
 */
export class HandleEngineInput {
  constructor(
    private readonly swaps: SwapRepository,
    private readonly deposits: DepositLogRepository,
    private readonly apply: ApplySwapEvent,
    private readonly market: MarketFeed,
    private readonly logger: JobLogger,
    private readonly clock: () => number = Date.now,
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
        case 'deposit': {
          const logged = await this.deposits.record(depositRecord(input), seq);
          if (!logged) {
            this.logger.info(
              { swapId: input.swapId, depositId: input.depositId, seq },
              'deposit report older than one already handled dropped',
            );
            return;
          }
          // After the swap's own credit, each deposit that reaches its confirmations is handled on its own.
          const events = AWAITING_CREDIT.includes(swap.status)
            ? this.depositEvents(input, await this.creditable(input), logged.credited)
            : this.laterDepositEvents(input, swap, logged.credited);
          const outcome = await applyAll(events, swap);
          this.settle(input, outcome);
          if (input.reverted && outcome?.ok && outcome.changed && outcome.swap.status === 'NEW')
            await this.trackAnother(input, outcome.swap, applyAll);
          return;
        }
        case 'payout': {
          // A later deposit's own payout travels under the id the machine gave it.
          const later = laterDepositPaidBy(swap, input.payoutId);
          if (later)
            return this.settle(input, await applyAll(this.furtherPayoutEvents(input, later.id), swap));
          if (!this.isCurrent(input, attempts)) return;
          return this.settle(input, await applyAll(this.payoutEvents(input), swap));
        }
        case 'refund':
          // A deposit's return travels as a refund of its own id, beside the swap's attempts.
          if (returnOf(swap, input.refundId))
            return this.settle(input, await applyAll([this.returnEvent(input)], swap));
          if (!this.isCurrent(input, attempts)) return;
          return this.settle(input, await applyAll([this.refundEvent(input)], swap));
      }
    });
  }

  /**
   * Rule 1, extra deposits: what the swap is credited with once this report's deposit has its
   * confirmations — every deposit to the address that has them too, added up. Null while another
   * deposit already in a block still lacks confirmations, or has not been reported yet (the
   * watcher counts them in `minedDeposits`): it is credited with the rest when it has them. One
   * only in the mempool does not hold the others back; it is a later deposit if it lands after
   * the crediting.
   */
  private async creditable(input: DepositObserved): Promise<Credit | null> {
    const required = CURRENCIES[input.currency].reqConfirmations;
    if (input.reverted || input.confirmations < required) return null;
    const live = (await this.deposits.forSwap(input.swapId)).filter((d) => !d.reverted);
    // The watcher knows of a mined deposit not reported yet: it follows in this round.
    const mined = live.filter((d) => d.blockHeight !== null).length;
    if (mined < (input.minedDeposits ?? 0)) return null;
    if (live.some((d) => d.confirmations > 0 && d.confirmations < required)) return null;
    const confirmed = live.filter((d) => d.confirmations >= required);
    return {
      amount: confirmed.reduce((sum, d) => sum + d.amount, 0n),
      deposits: confirmed.map((d) => d.depositId),
      txids: confirmed.map((d) => d.txid),
    };
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
    const report: DepositObserved = {
      ...vanished,
      ...depositObservedFields(other),
      minedDeposits: undefined,
      observedAt: this.clock(),
    };
    this.logger.info(
      { swapId: swap.id, vanished: vanished.depositId, tracked: other.depositId },
      'tracked deposit vanished; following another deposit to the address',
    );
    const credit = await this.creditable(report);
    this.settle(report, await applyAll(this.depositEvents(report, credit, other.credited), swap));
  }

  /**
   * Mempool: seen. Some confirmations: seen, then counted. Required confirmations: credited at the
   * market of this moment (never a stale price: crediting throws, and the report comes back) with
   * everything `credit` adds up, or only counted while another deposit is still confirming.
   */
  private depositEvents(input: DepositObserved, credit: Credit | null, credited: boolean): Build[] {
    const now = this.now();
    const amount = BigInt(input.amount);
    if (input.reverted)
      return [() => ({ kind: 'DepositReverted', now, txid: input.txid, credited, deposit: input.depositId })];
    const seen: Build = () => ({ kind: 'DepositSeen', now, tx: input.txid, amount });
    const required = CURRENCIES[input.currency].reqConfirmations;
    if (input.confirmations === 0) return [seen];
    const seenIfNew: Build = (swap) => (swap.status === 'NEW' ? seen(swap) : null);
    const counted: Build[] = [
      seenIfNew,
      () => ({
        kind: 'DepositConfirmations',
        now,
        txid: input.txid,
        confirmations: Math.min(input.confirmations, required),
      }),
    ];
    if (input.confirmations < required || credit === null) return counted;
    // The crediting report may be the first the swap hears of its deposit (the mempool sighting
    // missed), or reach the requirement with the first confirmation (BTC, SOL): the swap still
    // passes through PENDING and CONFIRMING, as section 3 has it, each change its own event.
    return [
      seenIfNew,
      (swap) =>
        swap.status === 'PENDING' && swap.depositTx
          ? { kind: 'DepositConfirmations', now, txid: swap.depositTx.id, confirmations: required }
          : null,
      (swap) =>
        AWAITING_CREDIT.includes(swap.status)
          ? {
              kind: 'DepositCredited',
              now,
              // The swap's own deposit (the first seen) carries the credit of all of them, unless
              // it is not among them (replaced by a fee bump, its vanishing not reported yet).
              txid:
                swap.depositTx && credit.txids.includes(swap.depositTx.id) ? swap.depositTx.id : input.txid,
              amount: credit.amount,
              deposits: credit.deposits,
              txids: credit.txids,
              market: creditingMarket(this.market, swap.from, swap.to),
            }
          : null,
    ];
  }

  /**
   * Rule 1 in full, after the swap's own credit: a deposit not in it is handled once it has its
   * confirmations (joined, paid on its own, or returned, as the machine decides), at the market of
   * that moment where the swap may exchange it; one that vanishes is reported as such. Sightings
   * and counts before then change nothing.
   */
  private laterDepositEvents(input: DepositObserved, swap: Swap, credited: boolean): Build[] {
    if (input.reverted) return this.depositEvents(input, null, credited);
    const required = CURRENCIES[input.currency].reqConfirmations;
    if (credited || input.confirmations < required || swap.dryrun) return [];
    const now = this.now();
    return [
      (current) => ({
        kind: 'LaterDepositCredited',
        now,
        deposit: input.depositId,
        txid: input.txid,
        amount: BigInt(input.amount),
        market: EXCHANGES_LATER.includes(current.status)
          ? creditingMarket(this.market, current.from, current.to)
          : null,
      }),
    ];
  }

  /** Broadcast: SENDING. Confirmed (counted once or more): DONE, then the count. Failed: FAILED. */
  private payoutEvents(input: PayoutProgress): Build[] {
    const now = this.now();
    const broadcast: Build = () => ({
      kind: 'PayoutBroadcast',
      now,
      tx: input.txid ?? '',
      fee: optionalUnits(input.fee),
      feeCurrency: input.feeCurrency,
      txKey: input.txKey,
    });
    switch (input.state) {
      case 'broadcast':
        return [broadcast];
      case 'confirmed':
        return [
          // The broadcast report may have been overtaken: record the transaction first.
          (swap) => (swap.status === 'EXCHANGING' ? broadcast(swap) : null),
          () =>
            input.confirmations < 1
              ? null
              : {
                  kind: 'PayoutConfirmed',
                  now,
                  tx: input.txid ?? '',
                  confirmations: input.confirmations,
                  // The chain's charge replaces the signed fee once the treasury has settled it.
                  fee: optionalUnits(input.fee),
                },
        ];
      case 'failed':
        return [
          () => ({ kind: 'PayoutFailed', now, reason: input.reason ?? 'the payout transaction failed' }),
        ];
    }
  }

  /** A later deposit's own payout: broadcast, confirmed (counted once or more), failed. */
  private furtherPayoutEvents(input: PayoutProgress, deposit: string): Build[] {
    const now = this.now();
    const tx = input.txid ?? '';
    const broadcast: Build = () => ({
      kind: 'FurtherPayoutBroadcast',
      now,
      deposit,
      tx,
      fee: optionalUnits(input.fee),
      feeCurrency: input.feeCurrency,
      txKey: input.txKey,
    });
    switch (input.state) {
      case 'broadcast':
        return [broadcast];
      case 'confirmed':
        return input.confirmations < 1
          ? [broadcast]
          : [
              broadcast,
              () => ({
                kind: 'FurtherPayoutConfirmed',
                now,
                deposit,
                tx,
                confirmations: input.confirmations,
                fee: optionalUnits(input.fee),
              }),
            ];
      case 'failed':
        return [
          () => ({
            kind: 'FurtherPayoutFailed',
            now,
            deposit,
            reason: input.reason ?? 'the payout transaction failed',
          }),
        ];
    }
  }

  private returnEvent(input: RefundProgress): Build {
    const now = this.now();
    return () => ({
      kind: 'ReturnProgressed',
      now,
      returnId: input.refundId,
      state: input.state,
      tx: input.txid,
      fee: optionalUnits(input.fee),
      feeCurrency: input.feeCurrency,
      confirmations: input.confirmations,
      reason: input.reason,
    });
  }

  private refundEvent(input: RefundProgress): Build {
    const now = this.now();
    return () =>
      input.state === 'failed'
        ? { kind: 'RefundFailed', now, reason: input.reason ?? 'the refund transaction failed' }
        : {
            kind: 'RefundSent',
            now,
            tx: input.txid ?? '',
            fee: optionalUnits(input.fee),
            feeCurrency: input.feeCurrency,
            confirmations: input.confirmations,
          };
  }

  /** Progress of an attempt the swap no longer waits on (replaced by an operator's retry) is dropped. */
  private isCurrent(input: PayoutProgress | RefundProgress, attempts: MoneyAttempts): boolean {
    const current = input.kind === 'payout' ? attempts.payoutId : attempts.refundId;
    const id = input.kind === 'payout' ? input.payoutId : input.refundId;
    if (current === id) return true;
    this.logger.info({ swapId: input.swapId, id, current }, 'progress of a superseded attempt ignored');
    return false;
  }

  private settle(input: EngineInput, outcome: EventOutcome | null): void {
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

  private now(): number {
    return Math.floor(this.clock() / 1000);
  }
}

function optionalUnits(value: string | null): bigint | null {
  return value === null ? null : BigInt(value);
}

/** A logged deposit's fields in the shape of a watcher's report of it. */
function depositObservedFields(deposit: LoggedDepositRecord) {
  const { swapId: _swapId, firstSeenAt: _firstSeenAt, credited: _credited, amount, ...same } = deposit;
  return { ...same, amount: amount.toString(), reverted: false, replacedBy: null };
}

function depositRecord(input: DepositObserved) {
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
