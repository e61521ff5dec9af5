import type { CurrencyInfoView } from '@swap/domain';
import type { MarketFeed } from '@swap/market';
import { listCurrencies } from './catalog';

/** Section 2.2: /swap/currencies. */
export class ListCurrencies {
  constructor(private readonly market: MarketFeed) {}

  execute(): CurrencyInfoView[] {
    return listCurrencies(this.market);
  }
}
