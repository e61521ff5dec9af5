import { BookTickerSource } from './book-ticker.source';
import { ExchangeSourceOptions } from './exchange-source';
import { Market, usdtMarkets } from './mid-price';

export const BINANCE_URL = 'https://api.binance.com';

/** Binance has no USD markets (and no USDT-USD); XMR was delisted in February 2024. */
export const BINANCE_MARKETS: readonly Market[] = usdtMarkets(['BTC', 'ETH', 'LTC', 'TRX', 'SOL', 'AVAX']);

/** Binance spot: every book ticker in one call (BookTickerSource). */
export class BinanceSource extends BookTickerSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('binance', BINANCE_URL, BINANCE_MARKETS, options);
  }
}
