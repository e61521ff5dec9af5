import type { ApiKeyInfo } from '@swap/contracts';
import type { PairView } from '@swap/domain';
import type { MarketFeed } from '@swap/market';
import { listPairs } from './catalog';

/** Section 2.3: /swap/pairs, as the calling key may trade them. */
export class ListPairs {
  constructor(private readonly market: MarketFeed) {}

  execute(key: ApiKeyInfo): PairView[] {
    return listPairs(key, this.market);
  }
}
