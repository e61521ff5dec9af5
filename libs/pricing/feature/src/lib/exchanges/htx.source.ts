import { parseJsonExact } from '@swap/domain';
import { ExchangeSourceOptions } from './exchange-source';
import { TickerListApi, TickerListSource } from './ticker-list.source';
import { field } from './json-fields';
import { Market } from './mid-price';

export const HTX_URL = 'https://api.huobi.pro';

/** HTX (formerly Huobi) USDT spot markets, lowercase without separator (xmrusdt included); no USDT-USD. */
export const HTX_MARKETS: readonly Market[] = ['BTC', 'ETH', 'LTC', 'XMR', 'TRX', 'SOL', 'AVAX'].map(
  (coin): Market => ({ coin, symbol: `${coin.toLowerCase()}usdt`, quote: 'USDT' }),
);

/**
 * HTX spot: `GET /market/tickers` returns `{ status: "ok", ts, data: [{ symbol, open, high, low, close,
 * amount, vol, count, bid, bidSize, ask, askSize }] }` for every pair. Prices are JSON numbers, so the
 * body is parsed with parseJsonExact (each keeps its source text). Errors come as
 * `{ status: "error", "err-code", "err-msg" }`.
 */
const HTX_API: TickerListApi = {
  path: '/market/tickers',
  fields: { symbol: 'symbol', bid: 'bid', ask: 'ask' },
  rowsAt: ['data'],
  errorOf: (body) =>
    field(body, 'status') === 'ok'
      ? undefined
      : `status ${String(field(body, 'status'))} ${String(field(body, 'err-code'))}: ${String(field(body, 'err-msg'))}`,
  parse: parseJsonExact,
};

export class HtxSource extends TickerListSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('htx', HTX_URL, HTX_MARKETS, HTX_API, options);
  }
}
