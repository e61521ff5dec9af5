import { MarketMid } from '../price-source';
import { ExchangeSource, ExchangeSourceOptions } from './exchange-source';
import { field } from './json-fields';
import { Market, TopOfBook, collectMids } from './mid-price';

const PATH = '/api/v3/ticker/bookTicker';

/**
 * Binance's spot API and those that copy it (MEXC): `GET /api/v3/ticker/bookTicker` without a
 * symbol returns the best bid/ask of every symbol in one array of
 * `{ symbol, bidPrice, bidQty, askPrice, askQty }` (decimal strings).
 */
export abstract class BookTickerSource extends ExchangeSource {
  protected constructor(
    name: string,
    baseUrl: string,
    private readonly markets: readonly Market[],
    options: ExchangeSourceOptions,
  ) {
    super(name, baseUrl, options);
  }

  protected override async load(): Promise<Map<string, MarketMid>> {
    const body = await this.getJson(PATH);
    if (!Array.isArray(body)) throw this.shapeError(PATH, 'did not return an array of book tickers');
    const books = new Map<string, TopOfBook>();
    for (const row of body) {
      const symbol = field(row, 'symbol');
      if (typeof symbol === 'string') {
        books.set(symbol, { bid: field(row, 'bidPrice'), ask: field(row, 'askPrice') });
      }
    }
    return collectMids(this.markets, books);
  }
}
