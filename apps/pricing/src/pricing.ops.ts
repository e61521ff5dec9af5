import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { answerRpc, Bus, rpcOk } from '@swap/bus';
import {
  currencySettingsKv,
  pairSettingsKv,
  pricesKv,
  pricingListCurrencies,
  pricingListPairs,
  pricingListPrices,
  pricingSetCurrency,
  pricingSetPair,
} from '@swap/contracts';
import { MarketSettings, PRICED_COINS, priceRules } from '@swap/pricing';
import { CONFIG, LOGGER, type PricingServiceConfig } from './pricing.config';

/** The operators' side of pricing (swapctl prices, currencies, pairs). */
@Injectable()
export class PricingOps implements OnApplicationBootstrap {
  constructor(
    private readonly bus: Bus,
    @Inject(CONFIG) private readonly config: PricingServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const [prices, currencies, pairs] = await Promise.all([
      this.bus.kv(pricesKv),
      this.bus.kv(currencySettingsKv),
      this.bus.kv(pairSettingsKv),
    ]);
    const settings = new MarketSettings(currencies, pairs, this.logger);
    const rules = priceRules(this.config.pricing);
    const queue = { queue: 'pricing' };
    await this.bus.serve(
      pricingListPrices,
      async () => {
        const entries = await Promise.all(PRICED_COINS.map((coin) => prices.get(coin)));
        return rpcOk(
          entries.flatMap((entry) =>
            entry
              ? [{ ...entry, minSources: rules.minSources(entry.coin), maxDeviation: rules.maxDeviation }]
              : [],
          ),
        );
      },
      queue,
    );
    await this.bus.serve(pricingListCurrencies, () => answerRpc(() => settings.listCurrencies()), queue);
    await this.bus.serve(
      pricingSetCurrency,
      (change) => answerRpc(() => settings.setCurrency(change)),
      queue,
    );
    await this.bus.serve(pricingListPairs, () => answerRpc(() => settings.listPairs()), queue);
    await this.bus.serve(pricingSetPair, (change) => answerRpc(() => settings.setPair(change)), queue);
  }
}
