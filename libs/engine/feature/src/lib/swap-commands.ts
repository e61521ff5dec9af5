import {
  CURRENCIES,
  isSwapError,
  isValidAddress,
  marketRate,
  Swap,
  SwapErrors,
  type AddressChains,
  type Clock,
} from '@swap/domain';
import { findTransition, type EventOf } from '@swap/engine-domain';
import { livePrices, MarketFeed } from '@swap/market';
import { ApplySwapEvent } from './apply-event';

/** Commands a caller or a timer sends to one swap's actor. */
export class SwapCommands {
  constructor(
    private readonly apply: ApplySwapEvent,
    private readonly market: MarketFeed,
    private readonly clock: Clock = Date.now,
    /** Networks run on testnet or regtest: refund addresses in their formats (D8). */
    private readonly chains: AddressChains = {},
  ) {}

  /** Section 4.7: one dry-run step. */
  async advance(id: string): Promise<Swap> {
    const { swap } = await this.apply.execute(
      id,
      () => ({ kind: 'DryRunAdvanced', now: this.nowSeconds() }),
      () => SwapErrors.notDryRun(),
    );
    return swap;
  }

  /**
   * Section 4.6: EXCHANGE or REFUND on a swap that cannot simply execute. The choice and the
   * swap's state are judged first: a refund address is checked for the chain only when the
   * decision would take it (a bad address on a swap that allows no decision answers that refusal).
   */
  async resolve(id: string, choice: 'EXCHANGE' | 'REFUND', address: string | null): Promise<Swap> {
    const { swap } = await this.apply.execute(
      id,
      (current) => {
        const event: EventOf<'DecisionMade'> = {
          kind: 'DecisionMade',
          choice,
          ...(address === null ? {} : { address }),
          market: this.decisionMarket(current, choice),
          now: this.nowSeconds(),
        };
        const taken = findTransition(current, event)?.to;
        const accepted = taken !== undefined && (typeof taken !== 'object' || !('reject' in taken));
        if (
          accepted &&
          choice === 'REFUND' &&
          address !== null &&
          !isValidAddress(current.from, address, this.chains)
        )
          throw SwapErrors.invalidRefundAddress(current.from);
        return event;
      },
      ({ status }) =>
        choice === 'EXCHANGE' ? SwapErrors.exchangeNotPossible(status) : SwapErrors.refundNotPossible(status),
    );
    return swap;
  }

  /** D4: an operator retries the failed payout of a FAILED swap (a new payout attempt). */
  async retryPayout(id: string): Promise<Swap> {
    const { swap } = await this.apply.execute(
      id,
      () => ({ kind: 'OperatorRetryPayout', now: this.nowSeconds() }),
      ({ status }) => SwapErrors.operatorActionNotPossible('retry the payout of', status),
    );
    return swap;
  }

  /** D4: an operator refunds a FAILED swap, to `address` when given (validated by the caller). */
  async refundByOperator(id: string, address: string | null): Promise<Swap> {
    const { swap } = await this.apply.execute(
      id,
      (current) => {
        if (address !== null && !isValidAddress(current.from, address, this.chains))
          throw SwapErrors.invalidRefundAddress(current.from);
        return { kind: 'OperatorRefund', now: this.nowSeconds(), ...(address === null ? {} : { address }) };
      },
      ({ status }) => SwapErrors.operatorActionNotPossible('refund', status),
    );
    return swap;
  }

  /** Payment window over with no deposit: EXPIRED. False when the swap moved on meanwhile. */
  async expire(id: string): Promise<boolean> {
    try {
      const { changed } = await this.apply.execute(
        id,
        () => ({ kind: 'PaymentWindowEnded', now: this.nowSeconds() }),
        () => SwapErrors.swapNotFound(),
      );
      return changed;
    } catch (error) {
      if (isSwapError(error)) return false;
      throw error;
    }
  }

  /**
   * An EXCHANGE that can go ahead needs the live rate; a REFUND does not, so it still works while
   * pricing is down. A decision the machine will refuse anyway gets that refusal, not a pricing one.
   */
  private decisionMarket(swap: Swap, choice: 'EXCHANGE' | 'REFUND') {
    const payoutAvailable = this.market.available(swap.to);
    if (choice === 'EXCHANGE' && !swap.dryrun && swap.status === 'RATE_CHANGED')
      return {
        rate: marketRate(livePrices(this.market, swap.from, swap.to), swap.from, swap.to),
        payoutAvailable,
      };
    const prices = this.market.freshPrices();
    const priced =
      prices[CURRENCIES[swap.from].coin] !== undefined && prices[CURRENCIES[swap.to].coin] !== undefined;
    return { rate: priced ? marketRate(prices, swap.from, swap.to) : swap.rate, payoutAvailable };
  }

  private nowSeconds(): number {
    return Math.floor(this.clock() / 1000);
  }
}
