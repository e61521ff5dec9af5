import { ExchangeSourceOptions } from './exchange-source';
import { TickerListApi, TickerListSource, codeEnvelope } from './ticker-list.source';
import { Market, usdtMarkets } from './mid-price';

export const OKX_URL = 'https://www.okx.com';

/** OKX USDT spot markets; OKX delisted XMR (January 2024) and has no USDT-USD market. */
export const OKX_MARKETS: readonly Market[] = usdtMarkets(['BTC', 'ETH', 'LTC', 'TRX', 'SOL', 'AVAX'], '-');

/**
 * OKX v5: `GET /api/v5/market/tickers?instType=SPOT` returns `{ code: "0", msg, data: [{ instId,
 * bidPx, askPx, ... }] }` for every spot instrument. OKX notes the best ask may sit below the best
 * bid during pre-open: such crossed books are skipped.
 */
const OKX_API: TickerListApi = {
  path: '/api/v5/market/tickers?instType=SPOT',
  fields: { symbol: 'instId', bid: 'bidPx', ask: 'askPx' },
  rowsAt: ['data'],
  errorOf: codeEnvelope('code', ['0'], 'msg'),
};

export class OkxSource extends TickerListSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('okx', OKX_URL, OKX_MARKETS, OKX_API, options);
  }
}
