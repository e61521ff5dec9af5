import { MarketMid } from '../price-source';
import { parseJsonExact } from '@swap/domain';
import { ExchangeSource, ExchangeSourceOptions } from './exchange-source';
import { field } from './json-fields';
import { Market, booksBySymbol, collectMids } from './mid-price';

export const HTX_URL = 'https://api.huobi.pro';
const PATH = '/market/tickers';

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
export class HtxSource extends ExchangeSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('htx', HTX_URL, options);
  }

  protected override async load(): Promise<Map<string, MarketMid>> {
    const body = await this.getJson(PATH, parseJsonExact);
    const status = field(body, 'status');
    if (status !== 'ok') {
      const detail = `${String(field(body, 'err-code'))}: ${String(field(body, 'err-msg'))}`;
      throw this.shapeError(PATH, `returned status ${String(status)} ${detail}`);
    }
    const data = field(body, 'data');
    if (!Array.isArray(data)) throw this.shapeError(PATH, 'has no data array');
    const books = booksBySymbol(data, { symbol: 'symbol', bid: 'bid', ask: 'ask' });
    return collectMids(HTX_MARKETS, books);
  }
}
