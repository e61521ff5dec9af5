import { Inject } from '@nestjs/common';
import { answerRpc, BusController, OnRequest, rpcOk, type KvStore, type RequestOf } from '@swap/bus';
import {
  pricesKv,
  pricingListCurrencies,
  pricingListPairs,
  pricingListPrices,
  pricingSetCurrency,
  pricingSetPair,
} from '@swap/contracts';
import { MarketSettings, PRICED_COINS, priceRules } from '@swap/pricing';
import { CONFIG, PRICES, type PricingServiceConfig } from './pricing.config';

/** The operators' side of pricing (swapctl prices, currencies, pairs). */
@BusController()
export class PricingOpsController {
  private readonly rules: ReturnType<typeof priceRules>;

  constructor(
    @Inject(PRICES) private readonly prices: KvStore<typeof pricesKv.schema>,
    private readonly settings: MarketSettings,
    @Inject(CONFIG) config: PricingServiceConfig,
  ) {
    this.rules = priceRules(config.pricing);
  }

  @OnRequest(pricingListPrices)
  async listPrices() {
    const entries = await Promise.all(PRICED_COINS.map((coin) => this.prices.get(coin)));
    const { rules } = this;
    return rpcOk(
      entries.flatMap((entry) =>
        entry
          ? [{ ...entry, minSources: rules.minSources(entry.coin), maxDeviation: rules.maxDeviation }]
          : [],
      ),
    );
  }

  @OnRequest(pricingListCurrencies)
  listCurrencies() {
    return answerRpc(() => this.settings.listCurrencies());
  }

  @OnRequest(pricingSetCurrency)
  setCurrency(change: RequestOf<typeof pricingSetCurrency>) {
    return answerRpc(() => this.settings.setCurrency(change));
  }

  @OnRequest(pricingListPairs)
  listPairs() {
    return answerRpc(() => this.settings.listPairs());
  }

  @OnRequest(pricingSetPair)
  setPair(change: RequestOf<typeof pricingSetPair>) {
    return answerRpc(() => this.settings.setPair(change));
  }
}
