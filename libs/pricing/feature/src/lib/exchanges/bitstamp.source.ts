import { MarketMid } from '../price-source';
import { ExchangeSource, ExchangeSourceOptions } from './exchange-source';
import { Market, booksBySymbol, collectMids } from './mid-price';

export const BITSTAMP_URL = 'https://www.bitstamp.net';
const PATH = '/api/v2/ticker/';

/** Bitstamp USD markets, USDT/USD included; Bitstamp lists neither XMR nor TRX. */
export const BITSTAMP_MARKETS: readonly Market[] = ['BTC', 'ETH', 'LTC', 'SOL', 'AVAX', 'USDT'].map(
  (coin): Market => ({ coin, symbol: `${coin}/USD`, quote: 'USD' }),
);

/**
 * Bitstamp v2: `GET /api/v2/ticker/` returns one array with every market's ticker: `{ timestamp, open,
 * high, low, last, volume, vwap, bid, ask, side, open_24, percent_change_24, market_type, pair, market }`
 * with decimal strings. Perpetuals share the array under their own pair ("BTC/USD-PERP"), so keying
 * by `pair` takes spot markets only.
 */
export class BitstampSource extends ExchangeSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('bitstamp', BITSTAMP_URL, options);
  }

  protected override async load(): Promise<Map<string, MarketMid>> {
    const body = await this.getJson(PATH);
    if (!Array.isArray(body)) throw this.shapeError(PATH, 'did not return an array of tickers');
    const books = booksBySymbol(body, { symbol: 'pair', bid: 'bid', ask: 'ask' });
    return collectMids(BITSTAMP_MARKETS, books);
  }
}
