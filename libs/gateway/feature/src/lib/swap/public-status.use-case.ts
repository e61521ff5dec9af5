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

  async execute(id: string, token: string | undefined): Promise<SwapOrderView> {
    return renderOrder(await findSwapByToken(this.views, id, token), this.rendering);
  }
}
