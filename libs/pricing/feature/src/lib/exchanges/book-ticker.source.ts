import { MarketMid } from '../price-source';
import { ExchangeSource, ExchangeSourceOptions } from './exchange-source';
import { Market, booksBySymbol, collectMids } from './mid-price';

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
    const books = booksBySymbol(body, { symbol: 'symbol', bid: 'bidPrice', ask: 'askPrice' });
    return collectMids(this.markets, books);
  }
}
