import { ExchangeSourceOptions } from './exchange-source';
import { TickerListApi, TickerListSource, codeEnvelope } from './ticker-list.source';
import { Market, usdtMarkets } from './mid-price';

export const BYBIT_URL = 'https://api.bybit.com';

/** Bybit USDT spot markets; Bybit lists no XMR and no USDT-USD market. */
export const BYBIT_MARKETS: readonly Market[] = usdtMarkets(['BTC', 'ETH', 'LTC', 'TRX', 'SOL', 'AVAX']);

/**
 * Bybit v5: `GET /v5/market/tickers?category=spot` returns `{ retCode: 0, retMsg, result: { category,
 * list: [{ symbol, bid1Price, ask1Price, ... }] }, time }` for every spot symbol.
 */
const BYBIT_API: TickerListApi = {
  path: '/v5/market/tickers?category=spot',
  fields: { symbol: 'symbol', bid: 'bid1Price', ask: 'ask1Price' },
  rowsAt: ['result', 'list'],
  errorOf: codeEnvelope('retCode', [0, '0'], 'retMsg'),
};

export class BybitSource extends TickerListSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('bybit', BYBIT_URL, BYBIT_MARKETS, BYBIT_API, options);
  }
}
