import type { Logger, Clock } from '@swap/domain';
import type { PriceEntry } from '@swap/contracts';
import { priceCoin } from './coin-price';
import { PRICED_COINS } from './coins';
import { PriceRules } from './price-rules';
import { PriceSource } from './price-source';
import { SourceBook } from './source-book';

export interface PricePublisher {
  publish(entry: PriceEntry): Promise<void>;
}

/**
 * One refresh: ask every source at once, then price USDT from its USD markets and every other coin
 * from its sources (USDT markets converted through that USDT-USD median), under the rules of
 * `PriceRules`. Every coin is published each time, a coin that cannot be priced with `usd` null
 * and the reason, so consumers stop at once rather than when the old price ages out.
 */
export class RefreshPrices {
  private readonly book: SourceBook;
  /** Coins without a price at the last refresh: a change is logged once, not every refresh. */
  private readonly down = new Set<string>();

  constructor(
    private readonly sources: readonly PriceSource[],
    private readonly rules: PriceRules,
    private readonly publisher: PricePublisher,
    private readonly logger: Logger,
    /** A source that has not answered by then counts as failed this round (its fresh data stays). */
    private readonly deadlineMs = 5_000,
    private readonly clock: Clock = Date.now,
  ) {
    this.book = new SourceBook(sources.map((source) => source.name));
  }

  async execute(): Promise<PriceEntry[]> {
    const now = this.clock();
    await Promise.all(this.sources.map((source) => this.ask(source, now)));
    const usdt = this.price('USDT', null, now);
    const entries = [
      usdt,
      ...PRICED_COINS.filter((c) => c !== 'USDT').map((c) => this.price(c, usdt.usd, now)),
    ];
    await Promise.all(entries.map((entry) => this.publisher.publish(entry)));
    entries.forEach((entry) => this.noteAvailability(entry));
    return entries;
  }

  private async ask(source: PriceSource, now: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.deadlineMs} ms`)), this.deadlineMs);
    });
    try {
      this.book.answered(await Promise.race([source.fetch(now), deadline]));
    } catch (err) {
      this.book.failed(source.name, err);
      this.logger.warn(
        { source: source.name, error: err instanceof Error ? err.message : String(err) },
        'price source failed',
      );
    } finally {
      clearTimeout(timer);
    }
  }

  private price(coin: string, usdtUsd: string | null, now: number): PriceEntry {
    const contributions = this.book.contributions(coin, usdtUsd, now, this.rules.maxAgeMs);
    return priceCoin(coin, contributions, this.rules, now);
  }

  private noteAvailability(entry: PriceEntry): void {
    if (entry.usd === null && !this.down.has(entry.coin)) {
      this.down.add(entry.coin);
      this.logger.warn({ coin: entry.coin, reason: entry.reason }, 'coin cannot be priced: quotes refused');
    } else if (entry.usd !== null && this.down.delete(entry.coin)) {
      this.logger.info({ coin: entry.coin, usd: entry.usd }, 'coin priced again');
    }
  }
}
