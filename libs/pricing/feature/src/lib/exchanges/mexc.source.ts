import { MarketMid } from '../price-source';
import { ExchangeSource, ExchangeSourceOptions } from './exchange-source';
import { field } from './json-fields';
import { Market, TopOfBook, collectMids, usdtMarkets } from './mid-price';

export const MEXC_URL = 'https://api.mexc.com';
const PATH = '/api/v3/ticker/bookTicker';

/** MEXC USDT spot markets (XMRUSDT included); MEXC has no USD market, so no USDT-USD. */
export const MEXC_MARKETS: readonly Market[] = usdtMarkets([
  'BTC',
  'ETH',
  'LTC',
  'XMR',
  'TRX',
  'SOL',
  'AVAX',
]);

/**
 * MEXC spot v3 (Binance-compatible): `GET /api/v3/ticker/bookTicker` without a symbol returns the best
 * bid/ask of every symbol in one array of `{ symbol, bidPrice, bidQty, askPrice, askQty }` (decimal
 * strings).
 */
export class MexcSource extends ExchangeSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('mexc', MEXC_URL, options);
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
    return collectMids(MEXC_MARKETS, books);
  }
}
