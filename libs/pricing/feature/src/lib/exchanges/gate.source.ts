import { MarketMid } from '../price-source';
import { ExchangeSource, ExchangeSourceOptions } from './exchange-source';
import { Market, booksBySymbol, collectMids, usdtMarkets } from './mid-price';

export const GATE_URL = 'https://api.gateio.ws';
const PATH = '/api/v4/spot/tickers';

/** Gate USDT spot markets (XMR_USDT included); Gate has no USDT-USD spot market. */
export const GATE_MARKETS: readonly Market[] = usdtMarkets(
  ['BTC', 'ETH', 'LTC', 'XMR', 'TRX', 'SOL', 'AVAX'],
  '_',
);

/**
 * Gate v4: `GET /api/v4/spot/tickers` (no currency_pair) returns an array of every pair's ticker:
 * `{ currency_pair, last, lowest_ask, highest_bid, ... }` with decimal strings.
 */
export class GateSource extends ExchangeSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('gate', GATE_URL, options);
  }

  protected override async load(): Promise<Map<string, MarketMid>> {
    const body = await this.getJson(PATH);
    if (!Array.isArray(body)) throw this.shapeError(PATH, 'did not return an array of tickers');
    const books = booksBySymbol(body, { symbol: 'currency_pair', bid: 'highest_bid', ask: 'lowest_ask' });
    return collectMids(GATE_MARKETS, books);
  }
}
