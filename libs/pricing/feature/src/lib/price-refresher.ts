import type { PriceEntry } from '@swap/contracts';
import { PRICED_COINS } from './coins';
import { medianDecimal } from './median';
import { PriceSource, SourceQuote } from './price-source';

export interface PricePublisher {
  publish(entry: PriceEntry): Promise<void>;
}

export interface RefreshLogger {
  warn(details: object, message: string): void;
}

/**
 * One refresh: ask every source at once, take the median of each coin over the sources that
 * answered, and publish it with its sources. A coin no source priced is not published, so its old
 * entry ages out and quotes for it stop (consumers refuse stale prices).
 */
export class RefreshPrices {
  constructor(
    private readonly sources: readonly PriceSource[],
    private readonly publisher: PricePublisher,
    private readonly logger: RefreshLogger,
    private readonly clock: () => number = Date.now,
  ) {}

  async execute(): Promise<PriceEntry[]> {
    const now = this.clock();
    const answers = await Promise.allSettled(this.sources.map((source) => source.fetch(now)));
    const quotes: SourceQuote[] = [];
    answers.forEach((answer, i) => {
      if (answer.status === 'fulfilled') quotes.push(answer.value);
      else
        this.logger.warn({ source: this.sources[i].name, err: String(answer.reason) }, 'price source failed');
    });
    const entries: PriceEntry[] = [];
    for (const coin of PRICED_COINS) {
      const sources = quotes.flatMap((q) => {
        const usd = q.prices.get(coin);
        return usd === undefined ? [] : [{ name: q.source, usd, at: q.at }];
      });
      if (sources.length === 0) continue;
      entries.push({ coin, usd: medianDecimal(sources.map((s) => s.usd)), at: now, sources });
    }
    await Promise.all(entries.map((entry) => this.publisher.publish(entry)));
    return entries;
  }
}
