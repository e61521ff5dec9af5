import { MarketMid } from '../price-source';
import { ExchangeSource, ExchangeSourceOptions } from './exchange-source';
import { field } from './json-fields';
import { Market, booksBySymbol, collectMids, usdtMarkets } from './mid-price';

export const BYBIT_URL = 'https://api.bybit.com';
const PATH = '/v5/market/tickers?category=spot';

/** Bybit USDT spot markets; Bybit lists no XMR and no USDT-USD market. */
export const BYBIT_MARKETS: readonly Market[] = usdtMarkets(['BTC', 'ETH', 'LTC', 'TRX', 'SOL', 'AVAX']);

/**
 * Bybit v5: `GET /v5/market/tickers?category=spot` returns `{ retCode: 0, retMsg, result: { category,
 * list: [{ symbol, bid1Price, ask1Price, ... }] }, time }` for every spot symbol.
 */
export class BybitSource extends ExchangeSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('bybit', BYBIT_URL, options);
  }

  protected override async load(): Promise<Map<string, MarketMid>> {
    const body = await this.getJson(PATH);
    const retCode = field(body, 'retCode');
    if (retCode !== 0 && retCode !== '0') {
      throw this.shapeError(PATH, `returned retCode ${String(retCode)}: ${String(field(body, 'retMsg'))}`);
    }
    const list = field(field(body, 'result'), 'list');
    if (!Array.isArray(list)) throw this.shapeError(PATH, 'has no result.list array');
    const books = booksBySymbol(list, { symbol: 'symbol', bid: 'bid1Price', ask: 'ask1Price' });
    return collectMids(BYBIT_MARKETS, books);
  }
}
