import { MarketMid } from '../price-source';
import { ExchangeSource, ExchangeSourceOptions } from './exchange-source';
import { field } from './json-fields';
import { Market, booksBySymbol, collectMids, usdtMarkets } from './mid-price';

export const OKX_URL = 'https://www.okx.com';
const PATH = '/api/v5/market/tickers?instType=SPOT';

/** OKX USDT spot markets; OKX delisted XMR (January 2024) and has no USDT-USD market. */
export const OKX_MARKETS: readonly Market[] = usdtMarkets(['BTC', 'ETH', 'LTC', 'TRX', 'SOL', 'AVAX'], '-');

/**
 * OKX v5: `GET /api/v5/market/tickers?instType=SPOT` returns `{ code: "0", msg, data: [{ instId,
 * bidPx, askPx, ... }] }` for every spot instrument. OKX notes the best ask may sit below the best
 * bid during pre-open: such crossed books are skipped.
 */
export class OkxSource extends ExchangeSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('okx', OKX_URL, options);
  }

  protected override async load(): Promise<Map<string, MarketMid>> {
    const body = await this.getJson(PATH);
    const code = field(body, 'code');
    if (code !== '0')
      throw this.shapeError(PATH, `returned code ${String(code)}: ${String(field(body, 'msg'))}`);
    const data = field(body, 'data');
    if (!Array.isArray(data)) throw this.shapeError(PATH, 'has no data array');
    const books = booksBySymbol(data, { symbol: 'instId', bid: 'bidPx', ask: 'askPx' });
    return collectMids(OKX_MARKETS, books);
  }
}
