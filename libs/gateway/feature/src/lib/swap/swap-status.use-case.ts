import type { ApiKeyInfo } from '@swap/contracts';
import type { SwapOrderView } from '@swap/domain';
import type { SwapViews } from '@swap/gateway-data';
import { renderOrder, type OrderRendering } from './render-order';
import { findVisibleSwap } from './swap-access';
import type { SwapLookup } from './swap-request.parser';

/** Section 4.5: /swap/status, from the read model. */
export class SwapStatus {
  constructor(
    private readonly views: SwapViews,
    private readonly rendering: OrderRendering,
  ) {}

  async execute(lookup: SwapLookup, key: ApiKeyInfo): Promise<SwapOrderView> {
    return renderOrder(await findVisibleSwap(this.views, lookup, key), this.rendering);
  }
}
