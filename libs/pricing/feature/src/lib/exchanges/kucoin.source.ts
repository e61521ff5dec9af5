import { ExchangeSourceOptions } from './exchange-source';
import { TickerListApi, TickerListSource, codeEnvelope } from './ticker-list.source';
import { Market, usdtMarkets } from './mid-price';

export const KUCOIN_URL = 'https://api.kucoin.com';

/** KuCoin USDT spot markets (XMR-USDT included); KuCoin has no USDT-USD market. */
export const KUCOIN_MARKETS: readonly Market[] = usdtMarkets(
  ['BTC', 'ETH', 'LTC', 'XMR', 'TRX', 'SOL', 'AVAX'],
  '-',
);

/**
 * KuCoin spot: `GET /api/v1/market/allTickers` returns `{ code: "200000", data: { time, ticker: [{
 * symbol, symbolName, buy, sell, ... }] } }`. `buy` is the best bid and `sell` the best ask (some
 * older KuCoin docs had these comments swapped; the field table and real values agree on this).
 */
const KUCOIN_API: TickerListApi = {
  path: '/api/v1/market/allTickers',
  fields: { symbol: 'symbol', bid: 'buy', ask: 'sell' },
  rowsAt: ['data', 'ticker'],
  errorOf: codeEnvelope('code', ['200000'], 'msg'),
};

export class KucoinSource extends TickerListSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('kucoin', KUCOIN_URL, KUCOIN_MARKETS, KUCOIN_API, options);
  }
}
