/** One market's view: a USD mid price per coin ticker, as exact decimal strings. */
export interface SourceQuote {
  source: string;
  /** Unix milliseconds the prices were observed. */
  at: number;
  prices: ReadonlyMap<string, string>;
}

export interface PriceSource {
  readonly name: string;
  fetch(now: number): Promise<SourceQuote>;
}
