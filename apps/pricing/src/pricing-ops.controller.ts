import { Inject } from '@nestjs/common';
import { answerRpc, BusController, OnRequest, rpcOk, type RequestOf } from '@swap/bus';
import {
  pricingListCurrencies,
  pricingListPairs,
  pricingListPrices,
  pricingSetCurrency,
  pricingSetPair,
} from '@swap/contracts';
import { PRICED_COINS, type Pricing } from '@swap/pricing';
import { PRICING } from './pricing.tokens';

/** The operators' side of pricing (swapctl prices, currencies, pairs). */
@BusController()
export class PricingOpsController {
  constructor(@Inject(PRICING) private readonly pricing: Pricing) {}

  @OnRequest(pricingListPrices)
  async listPrices() {
    const { prices, rules } = this.pricing;
    const entries = await Promise.all(PRICED_COINS.map((coin) => prices.get(coin)));
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
    return answerRpc(() => this.pricing.settings.listCurrencies());
  }

  @OnRequest(pricingSetCurrency)
  setCurrency(change: RequestOf<typeof pricingSetCurrency>) {
    return answerRpc(() => this.pricing.settings.setCurrency(change));
  }

  @OnRequest(pricingListPairs)
  listPairs() {
    return answerRpc(() => this.pricing.settings.listPairs());
  }

  @OnRequest(pricingSetPair)
  setPair(change: RequestOf<typeof pricingSetPair>) {
    return answerRpc(() => this.pricing.settings.setPair(change));
  }
}
