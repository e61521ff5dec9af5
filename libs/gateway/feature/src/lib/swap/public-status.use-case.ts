import type { SwapSnapshot } from '@swap/contracts';
import type { SwapOrderView } from '@swap/domain';
import type { SwapViews } from '@swap/gateway-data';
import { renderOrder, type OrderRendering } from './render-order';
import { findSwapByToken } from './swap-access';

/** D1, D17: the swap behind a public status link, authorized by its token alone. */
export class PublicStatus {
  constructor(
    private readonly views: SwapViews,
    private readonly rendering: OrderRendering,
  ) {}

  /** The order as /swap/status renders it, and the version it is (the page's live events resume after it). */
  async execute(id: string, token: string | undefined): Promise<{ order: SwapOrderView; version: number }> {
    const swap = await this.find(id, token);
    return { order: renderOrder(swap, this.rendering), version: swap.version };
  }

  /** The swap as the read model holds it; Swap not found as execute. */
  find(id: string, token: string | undefined): Promise<SwapSnapshot> {
    return findSwapByToken(this.views, id, token);
  }
}
