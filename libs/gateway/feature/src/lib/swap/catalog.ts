import type { ApiKeyInfo } from '@swap/contracts';
import {
  allPairs,
  CURRENCIES,
  CURRENCY_CODES,
  CurrencyInfoView,
  fromUnits,
  PairView,
  toJsonNumber,
} from '@swap/domain';
import { MarketFeed, pairAvailable, pairMinimum, receives, sends } from '@swap/market';

/** Section 2.2: every configured currency; `recv` and `send` follow the maintenance switches. */
export function listCurrencies(market: MarketFeed): CurrencyInfoView[] {
  return CURRENCY_CODES.map((code) => {
    const { coin, network, name, precision, reqConfirmations, min } = CURRENCIES[code];
    const [recv, send] = [receives(market, code), sends(market, code)];
    return { code, coin, network, name, recv, send, precision, reqConfirmations, min: toJsonNumber(min) };
  });
}

/**
 * Section 2.3: all 72 direct pairs. `available` is false while the pair or one of its coins is
 * switched off; `fixed` needs the calling key's setting and an available pair; `min` is the pair's
 * effective minimum.
 */
export function listPairs(key: ApiKeyInfo, market: MarketFeed): PairView[] {
  return allPairs().map(([from, to]) => {
    const available = pairAvailable(market, from, to);
    return {
      from,
      to,
      type: 'direct',
      via: [],
      available,
      fixed: key.fixedRateEnabled && available,
      min: toJsonNumber(fromUnits(pairMinimum(market, from, to), CURRENCIES[from].chainDecimals)),
    };
  });
}
