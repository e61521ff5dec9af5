import { MarketMid } from '../price-source';
import { ExchangeSource, ExchangeSourceOptions } from './exchange-source';
import { field } from './json-fields';
import { Market, TopOfBook, collectMids } from './mid-price';

export const COINBASE_URL = 'https://api.exchange.coinbase.com';

/** Coinbase Exchange USD products; it lists neither XMR nor TRX. */
export const COINBASE_MARKETS: readonly Market[] = [
  { coin: 'BTC', symbol: 'BTC-USD', quote: 'USD' },
  { coin: 'ETH', symbol: 'ETH-USD', quote: 'USD' },
  { coin: 'LTC', symbol: 'LTC-USD', quote: 'USD' },
  { coin: 'SOL', symbol: 'SOL-USD', quote: 'USD' },
  { coin: 'AVAX', symbol: 'AVAX-USD', quote: 'USD' },
  { coin: 'USDT', symbol: 'USDT-USD', quote: 'USD' },
];

/**
 * Coinbase Exchange has no public bulk bid/ask endpoint, so one refresh asks
 * `GET /products/{product_id}/ticker` for each product in parallel; each answers
 * `{ ask, bid, volume, trade_id, price, size, time, ... }` with decimal strings. A product that
 * fails is only missing from the answer; the refresh fails when every product fails.
 */
export class CoinbaseSource extends ExchangeSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('coinbase', COINBASE_URL, options);
  }

  protected override async load(): Promise<Map<string, MarketMid>> {
    const products = COINBASE_MARKETS.map((m) => m.symbol);
    const answers = await Promise.allSettled(
      products.map((product) => this.getJson(`/products/${product}/ticker`)),
    );
    const books = new Map<string, TopOfBook>();
    answers.forEach((answer, i) => {
      if (answer.status === 'fulfilled') {
        books.set(products[i], { bid: field(answer.value, 'bid'), ask: field(answer.value, 'ask') });
      }
    });
    if (books.size === 0) {
      const reasons = answers.map((a) => (a.status === 'rejected' ? String(a.reason) : 'ok'));
      throw new Error(`coinbase: every product ticker failed: ${reasons.join('; ')}`);
    }
    return collectMids(COINBASE_MARKETS, books);
  }
}
