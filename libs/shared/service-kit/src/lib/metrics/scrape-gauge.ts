import { Counter, Gauge, type Registry } from 'prom-client';

/** One value of a gauge, with its labels. */
export interface Sample<L extends string> {
  labels: Partial<Record<L, string>>;
  value: number;
}

export interface ScrapeGaugeOptions<L extends string> {
  name: string;
  help: string;
  labelNames?: readonly L[];
  /** The gauge's values now (a database count, say), read on each scrape. */
  read: () => Promise<readonly Sample<L>[]> | readonly Sample<L>[];
  /** A read slower than this counts as failed (default 2000 ms), so a scrape never hangs on it. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 2_000;
const FAILURES = 'swap_metrics_read_failures_total';

/**
 * A gauge whose values are read when Prometheus scrapes. A read that fails or times out leaves
 * the gauge without values for that scrape (NaN when it has no labels): a gap, never a stale or
 * a made-up number. The failure is counted in swap_metrics_read_failures_total{metric}, and the
 * rest of the scrape is served as usual.
 */
export function scrapeGauge<L extends string>(registry: Registry, options: ScrapeGaugeOptions<L>): Gauge<L> {
  const failures = failureCounter(registry);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Gauge<L>({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames ?? [],
    registers: [registry],
    async collect() {
      const samples = await within(options.read, timeoutMs).catch(() => null);
      this.reset();
      if (samples === null) {
        failures.inc({ metric: options.name });
        // reset() leaves an unlabelled gauge at 0, which would read as "nothing pending".
        if (!options.labelNames?.length) this.set(Number.NaN);
        return;
      }
      for (const { labels, value } of samples) this.set(labels, value);
    },
  });
}

function failureCounter(registry: Registry): Counter<'metric'> {
  const existing = registry.getSingleMetric(FAILURES);
  if (existing) return existing as Counter<'metric'>;
  return new Counter({
    name: FAILURES,
    help: 'Reads of a gauge at scrape time (a database count, a stream consumer) that failed or timed out',
    labelNames: ['metric'],
    registers: [registry],
  });
}

async function within<T>(read: () => Promise<T> | T, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(read), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
