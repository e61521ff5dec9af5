import type { ApiKeyInfo } from '@swap/contracts';
import type { SwapOrderView } from '@swap/domain';
import type { SwapViews } from '@swap/gateway-data';
import type { EngineClient } from './engine.client';
import { renderOrder, type OrderRendering } from './render-order';
import { findVisibleSwap } from './swap-access';
import type { SwapLookup } from './swap-request.parser';

/** Section 4.7: /swap/advance, one step of a dry run (the engine refuses a real swap). */
export class AdvanceSwap {
  constructor(
    private readonly engine: Pick<EngineClient, 'advance'>,
    private readonly views: SwapViews,
    private readonly rendering: OrderRendering,
  ) {}

  async execute(lookup: SwapLookup, key: ApiKeyInfo): Promise<SwapOrderView> {
    const swap = await findVisibleSwap(this.views, lookup, key);
    const mark = this.views.markChange();
    const answer = await this.engine.advance(swap.id);
    return renderOrder(await this.views.recordChange(answer, mark), this.rendering);
  }
}
