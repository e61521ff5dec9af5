import { BOOK_TICKER_API } from './binance.source';
import { ExchangeSourceOptions } from './exchange-source';
import { TickerListSource } from './ticker-list.source';
import { Market, usdtMarkets } from './mid-price';

export const MEXC_URL = 'https://api.mexc.com';

/** MEXC USDT spot markets (XMRUSDT included); MEXC has no USD market, so no USDT-USD. */
export const MEXC_MARKETS: readonly Market[] = usdtMarkets([
  'BTC',
  'ETH',
  'LTC',
  'XMR',
  'TRX',
  'SOL',
  'AVAX',
]);

/** MEXC spot v3 is Binance-compatible: every book ticker in one call. */
export class MexcSource extends TickerListSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('mexc', MEXC_URL, MEXC_MARKETS, BOOK_TICKER_API, options);
  }
}
