import type { Registry } from 'prom-client';
import type { Bus, KvStore } from '@swap/bus';
import { currencySettingsKv, pairSettingsKv, pricesKv } from '@swap/contracts';
import type { Clock, Logger } from '@swap/domain';
import { MarketSettings } from './market-settings';
import { PriceMetrics } from './metrics/price.metrics';
import { RefreshPrices } from './price-refresher';
import type { PriceRules } from './price-rules';
import type { PriceSource } from './price-source';
import { priceRules, priceSources, type PricingConfig } from './pricing-config';

export interface PricingDeps {
  bus: Bus;
  config: PricingConfig;
  /** How often the prices are refreshed. */
  refreshMs: number;
  registry: Registry;
  clock: Clock;
  logger: Logger;
}

/** The pricing service's objects over one bus, wired once. */
export interface Pricing {
  sources: readonly PriceSource[];
  rules: PriceRules;
  /** One refresh: every source asked, every coin priced and published to `prices`. */
  refresh: RefreshPrices;
  metrics: PriceMetrics;
  /** The `prices` bucket, as the refresh publishes it. */
  prices: KvStore<typeof pricesKv.schema>;
  /** The operators' switches and limits (`currency-settings`, `pair-settings`). */
  settings: MarketSettings;
}

export async function composePricing(deps: PricingDeps): Promise<Pricing> {
  const { bus, config, clock, logger } = deps;
  const [prices, currencies, pairs] = await Promise.all([
    bus.kv(pricesKv),
    bus.kv(currencySettingsKv),
    bus.kv(pairSettingsKv),
  ]);
  const sources = priceSources(config);
  const rules = priceRules(config);
  const refresh = new RefreshPrices(
    sources,
    rules,
    { publish: async (entry) => void (await prices.put(entry.coin, entry)) },
    logger,
    // A slow source must not hold the refresh back: the others' prices go out on time.
    Math.min(5_000, deps.refreshMs / 2),
    clock,
  );
  return {
    sources,
    rules,
    refresh,
    metrics: new PriceMetrics(deps.registry, clock),
    prices,
    settings: new MarketSettings(currencies, pairs, logger, clock),
  };
}
