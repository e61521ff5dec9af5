import { MarketMid } from '../price-source';
import { ExchangeSource, ExchangeSourceOptions } from './exchange-source';
import { field } from './json-fields';
import { Market, booksBySymbol, collectMids, usdtMarkets } from './mid-price';

export const KUCOIN_URL = 'https://api.kucoin.com';
const PATH = '/api/v1/market/allTickers';

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
export class KucoinSource extends ExchangeSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('kucoin', KUCOIN_URL, options);
  }

  protected override async load(): Promise<Map<string, MarketMid>> {
    const body = await this.getJson(PATH);
    const code = field(body, 'code');
    if (code !== '200000')
      throw this.shapeError(PATH, `returned code ${String(code)}: ${String(field(body, 'msg'))}`);
    const tickers = field(field(body, 'data'), 'ticker');
    if (!Array.isArray(tickers)) throw this.shapeError(PATH, 'has no data.ticker array');
    const books = booksBySymbol(tickers, { symbol: 'symbol', bid: 'buy', ask: 'sell' });
    return collectMids(KUCOIN_MARKETS, books);
  }
}
