/** What a market quotes a coin against: US dollars, or Tether (converted through USDT-USD). */
export type QuoteCurrency = 'USD' | 'USDT';

/** One coin's mid price on one market, as an exact decimal string in its quote currency. */
export interface MarketMid {
  price: string;
  quote: QuoteCurrency;
}

/** One source's view at one moment: a mid price per coin ticker (BTC, ETH, USDT, ...). */
export interface SourceQuote {
  source: string;
  /** Unix milliseconds the prices were observed. */
  at: number;
  prices: ReadonlyMap<string, MarketMid>;
}

export interface PriceSource {
  readonly name: string;
  fetch(now: number): Promise<SourceQuote>;
}
