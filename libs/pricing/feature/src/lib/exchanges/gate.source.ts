import { ExchangeSourceOptions } from './exchange-source';
import { TickerListApi, TickerListSource } from './ticker-list.source';
import { Market, usdtMarkets } from './mid-price';

export const GATE_URL = 'https://api.gateio.ws';

/** Gate USDT spot markets (XMR_USDT included); Gate has no USDT-USD spot market. */
export const GATE_MARKETS: readonly Market[] = usdtMarkets(
  ['BTC', 'ETH', 'LTC', 'XMR', 'TRX', 'SOL', 'AVAX'],
  '_',
);

/**
 * Gate v4: `GET /api/v4/spot/tickers` (no currency_pair) returns an array of every pair's ticker:
 * `{ currency_pair, last, lowest_ask, highest_bid, ... }` with decimal strings.
 */
const GATE_API: TickerListApi = {
  path: '/api/v4/spot/tickers',
  fields: { symbol: 'currency_pair', bid: 'highest_bid', ask: 'lowest_ask' },
  rowsAt: [],
};

export class GateSource extends TickerListSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('gate', GATE_URL, GATE_MARKETS, GATE_API, options);
  }
}
