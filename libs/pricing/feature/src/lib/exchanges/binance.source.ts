import { MarketMid } from '../price-source';
import { ExchangeSource, ExchangeSourceOptions } from './exchange-source';
import { field } from './json-fields';
import { Market, TopOfBook, collectMids, usdtMarkets } from './mid-price';

export const BINANCE_URL = 'https://api.binance.com';
const PATH = '/api/v3/ticker/bookTicker';

/** Binance has no USD markets (and no USDT-USD); XMR was delisted in February 2024. */
export const BINANCE_MARKETS: readonly Market[] = usdtMarkets(['BTC', 'ETH', 'LTC', 'TRX', 'SOL', 'AVAX']);

/**
 * Binance spot: `GET /api/v3/ticker/bookTicker` without parameters returns the best bid/ask of every
 * symbol in one array of `{ symbol, bidPrice, bidQty, askPrice, askQty }` (decimal strings).
 */
export class BinanceSource extends ExchangeSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('binance', BINANCE_URL, options);
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
    return collectMids(BINANCE_MARKETS, books);
  }
}
