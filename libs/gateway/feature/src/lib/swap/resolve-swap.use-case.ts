import type { ApiKeyInfo } from '@swap/contracts';
import type { SwapOrderView } from '@swap/domain';
import type { SwapViews } from '@swap/gateway-data';
import type { EngineClient } from './engine.client';
import { renderOrder, type OrderRendering } from './render-order';
import { findVisibleSwap } from './swap-access';
import type { ResolveRequest } from './swap-request.parser';

/** Section 4.6: /swap/emergency (and /swap/resolve), the integrator's choice for a stuck swap. */
export class ResolveSwap {
  constructor(
    private readonly engine: Pick<EngineClient, 'resolve'>,
    private readonly views: SwapViews,
    private readonly rendering: OrderRendering,
  ) {}

  async execute(request: ResolveRequest, key: ApiKeyInfo): Promise<SwapOrderView> {
    const swap = await findVisibleSwap(this.views, request, key);
    const mark = this.views.markChange();
    // The engine judges the choice against the swap's state first, then the address (§4.6).
    const answer = await this.engine.resolve(swap.id, request.choice, request.address ?? null);
    return renderOrder(await this.views.recordChange(answer, mark), this.rendering);
  }
}
