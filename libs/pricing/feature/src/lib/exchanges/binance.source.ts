import { ExchangeSourceOptions } from './exchange-source';
import { TickerListApi, TickerListSource } from './ticker-list.source';
import { Market, usdtMarkets } from './mid-price';

export const BINANCE_URL = 'https://api.binance.com';

/** Binance has no USD markets (and no USDT-USD); XMR was delisted in February 2024. */
export const BINANCE_MARKETS: readonly Market[] = usdtMarkets(['BTC', 'ETH', 'LTC', 'TRX', 'SOL', 'AVAX']);

/**
 * Binance's spot API and those that copy it (MEXC): `GET /api/v3/ticker/bookTicker` without a
 * symbol returns the best bid/ask of every symbol in one array of
 * `{ symbol, bidPrice, bidQty, askPrice, askQty }` (decimal strings).
 */
export const BOOK_TICKER_API: TickerListApi = {
  path: '/api/v3/ticker/bookTicker',
  fields: { symbol: 'symbol', bid: 'bidPrice', ask: 'askPrice' },
  rowsAt: [],
};

export class BinanceSource extends TickerListSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('binance', BINANCE_URL, BINANCE_MARKETS, BOOK_TICKER_API, options);
  }
}
