import { currencyInfoView, pairView } from '@swap/domain';
import type { ApiKeyInfo } from '@swap/contracts';
import { MarketFeed } from '@swap/market';
import { listCurrencies, listPairs } from './catalog';

describe('the catalogue (sections 2.2 and 2.3)', () => {
  const market = new MarketFeed(() => 0);

  it('lists every currency in the declared shape (currencyInfoView, the OpenAPI Currency)', () => {
    const currencies = listCurrencies(market);
    expect(currencies).toHaveLength(9);
    expect(currencies.map((currency) => currencyInfoView.parse(currency))).toEqual(currencies);
  });

  it('lists the 72 direct pairs in the declared shape (pairView, the OpenAPI Pair)', () => {
    const pairs = listPairs({ fixedRateEnabled: true } as ApiKeyInfo, market);
    expect(pairs).toHaveLength(72);
    expect(pairs.map((pair) => pairView.parse(pair))).toEqual(pairs);
  });
});
