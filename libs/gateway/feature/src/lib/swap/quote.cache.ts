import type { QuoteView, UsdPrices } from '@swap/domain';
import type { MarketFeed, PriceSwapRequest } from '@swap/market';

/**
 * The answers of /swap/price while the market stands still. A quote is a pure function of the
 * request and the market (prices, liquidity, operator settings), and integrators ask for the same
 * pair and amount over and over; pricing one costs far more than the lookup. Every answer is
 * dropped as soon as the market moves: a change the feed receives, or a price ageing out (which
 * changes the feed's fresh prices). Bounded: the table is emptied when full. Answers are shared,
 * so they must not be changed. Refusals are not kept; they are priced again.
 */
export class QuoteCache {
  private readonly answers = new Map<string, QuoteView>();
  private revision = -1;
  private prices: UsdPrices | undefined;

  constructor(
    private readonly market: MarketFeed,
    private readonly max = 1024,
  ) {}

  get(request: PriceSwapRequest, price: () => QuoteView): QuoteView {
    this.forgetIfMarketMoved();
    const key = `${request.from}:${request.to}:${request.type}:${request.direction}:${request.amount}:${request.partnerPercent}`;
    let answer = this.answers.get(key);
    // Liquidity ageing out changes no revision: an answer is not served past it (price() refuses).
    if (answer === undefined || !this.market.liquidityFresh(request.to)) {
      answer = price();
      if (this.answers.size >= this.max) this.answers.clear();
      this.answers.set(key, answer);
    }
    return answer;
  }

  private forgetIfMarketMoved(): void {
    const prices = this.market.freshPrices();
    if (this.market.revision === this.revision && prices === this.prices) return;
    this.answers.clear();
    this.revision = this.market.revision;
    this.prices = prices;
  }
}
