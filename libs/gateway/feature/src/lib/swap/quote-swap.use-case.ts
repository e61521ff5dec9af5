import type { QuoteView } from '@swap/domain';
import { MarketFeed, priceSwap, type PriceSwapRequest } from '@swap/market';
import { QuoteCache } from './quote.cache';
import { renderQuote } from './quote.view';

/** Section 4.4: /swap/price, a request already judged against the key (parseQuoteRequest). */
export class QuoteSwap {
  private readonly quotes: QuoteCache;

  constructor(
    private readonly market: MarketFeed,
    private readonly paymentWindowSeconds: number,
  ) {
    this.quotes = new QuoteCache(market);
  }

  execute(request: PriceSwapRequest): QuoteView {
    return this.quotes.get(request, () =>
      renderQuote(priceSwap(this.market, request), this.paymentWindowSeconds),
    );
  }
}
