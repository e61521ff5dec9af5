import { Gauge, type Registry } from 'prom-client';
import type { PriceEntry, PriceSourceView } from '@swap/contracts';
import { scrapeGauge } from '@swap/service-kit';
import type { Clock } from '@swap/domain';

type SourceStatus = PriceSourceView['status'];
const SOURCE_STATUSES = Object.keys({
  used: 1,
  outlier: 1,
  stale: 1,
  failed: 1,
  unlisted: 1,
} satisfies Record<SourceStatus, 1>) as SourceStatus[];

/**
 * The prices of the last refresh (D16): swap_price_usd{coin} (a float, for graphs: quotes use the
 * exact decimal), whether each coin could be priced, how its sources fared, and, read at scrape
 * time, how old each price in use is (it grows when refreshes stop landing).
 */
export class PriceMetrics {
  private readonly usd: Gauge<'coin'>;
  private readonly available: Gauge<'coin'>;
  private readonly sources: Gauge<'coin' | 'status'>;
  private latest: readonly PriceEntry[] = [];
  private recordedAt: number | null = null;

  constructor(
    registry: Registry,
    private readonly clock: Clock = Date.now,
  ) {
    this.usd = new Gauge({
      name: 'swap_price_usd',
      help: "Each coin's median price in US dollars, as a float (quotes use the exact decimal); absent while the coin cannot be priced",
      labelNames: ['coin'],
      registers: [registry],
    });
    this.available = new Gauge({
      name: 'swap_price_available',
      help: '1 when the last refresh priced the coin, 0 when too few fresh sources agreed (quotes refused)',
      labelNames: ['coin'],
      registers: [registry],
    });
    this.sources = new Gauge({
      name: 'swap_price_sources',
      help: "A coin's price sources at the last refresh by status: used (in the median), outlier, stale, failed, unlisted",
      labelNames: ['coin', 'status'],
      registers: [registry],
    });
    scrapeGauge(registry, {
      name: 'swap_price_age_seconds',
      help: 'Age of the oldest data in each coin price in use (absent while the coin cannot be priced)',
      labelNames: ['coin'],
      read: () =>
        this.latest.flatMap((entry) =>
          entry.usd === null
            ? []
            : [{ labels: { coin: entry.coin }, value: Math.max(0, (this.clock() - entry.at) / 1000) }],
        ),
    });
  }

  /** The last refresh that landed and when (UNIX milliseconds); null before the first. */
  lastRefresh(): { at: number; entries: readonly PriceEntry[] } | null {
    return this.recordedAt === null ? null : { at: this.recordedAt, entries: this.latest };
  }

  /** The entries one refresh published. */
  record(entries: readonly PriceEntry[]): void {
    this.latest = entries;
    this.recordedAt = this.clock();
    for (const { coin, usd, sources } of entries) {
      if (usd === null) this.usd.remove({ coin });
      else this.usd.set({ coin }, Number(usd));
      this.available.set({ coin }, usd === null ? 0 : 1);
      for (const status of SOURCE_STATUSES)
        this.sources.set({ coin, status }, sources.filter((source) => source.status === status).length);
    }
  }
}
