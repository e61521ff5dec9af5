import { Registry } from 'prom-client';
import { Bus } from '@swap/bus';
import { currencySettingsKv, pricesKv } from '@swap/contracts';
import { quietLogger } from '@swap/domain/testing';
import { parseConfig } from '@swap/service-kit';
import { startNatsServer, type NatsServerHandle } from '@swap/testing';
import { composePricing } from './pricing.composition';
import { pricingConfigSchema } from './pricing-config';

const NOW = 1_700_000_000_000;

describe('composePricing over the bus', () => {
  let nats: NatsServerHandle;
  let bus: Bus;

  beforeAll(async () => {
    nats = await startNatsServer();
    bus = await Bus.connect({
      url: nats.url,
      name: 'pricing-composition-test',
      logger: quietLogger(),
    });
  });
  afterAll(async () => {
    await bus?.close();
    await nats?.stop();
  });

  it('prices every coin from the configured sources into the prices bucket, and its metrics', async () => {
    const registry = new Registry();
    const pricing = await composePricing({
      bus,
      config: parseConfig(pricingConfigSchema, {}),
      refreshMs: 10_000,
      registry,
      clock: () => NOW,
      logger: quietLogger(),
    });
    expect(pricing.sources.map((source) => source.name)).toEqual(['devnet']);
    // The devnet alone: one source is enough.
    expect(pricing.rules.minSources('BTC')).toBe(1);

    const entries = await pricing.refresh.execute();
    pricing.metrics.record(entries);

    const btc = entries.find((entry) => entry.coin === 'BTC');
    expect(btc).toMatchObject({ coin: 'BTC', at: NOW });
    expect(btc?.usd).not.toBeNull();
    const stored = await bus.kv(pricesKv);
    expect(await stored.get('BTC')).toMatchObject({ coin: 'BTC', usd: btc?.usd });
    expect(await pricing.prices.get('BTC')).toMatchObject({ usd: btc?.usd });
    expect(pricing.metrics.lastRefresh()).toEqual({ at: NOW, entries });
    const available = (await registry.getMetricsAsJSON()).find((m) => m.name === 'swap_price_available');
    expect(available?.values).toContainEqual({ labels: { coin: 'BTC' }, value: 1 });
  });

  it("keeps the operators' switches in the buckets every gateway and engine watches", async () => {
    const pricing = await composePricing({
      bus,
      config: parseConfig(pricingConfigSchema, {}),
      refreshMs: 10_000,
      registry: new Registry(),
      clock: () => NOW,
      logger: quietLogger(),
    });
    await pricing.settings.setCurrency({ code: 'LTC', deposits: false });
    expect(await (await bus.kv(currencySettingsKv)).get('LTC')).toMatchObject({
      code: 'LTC',
      deposits: false,
    });
  });
});
