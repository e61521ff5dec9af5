import { fromSnapshot, type SwapSnapshot } from '@swap/contracts';
import { renderSwapOrder, type Clock, type SwapOrderView } from '@swap/domain';

/** What an order's rendering needs besides the swap: the status-page links' base and the time. */
export interface OrderRendering {
  publicUrl: string;
  clock: Clock;
}

/** A swap as section 2.5's order, as it stands now. */
export function renderOrder(swap: SwapSnapshot, { publicUrl, clock }: OrderRendering): SwapOrderView {
  return renderSwapOrder(fromSnapshot(swap), { now: Math.floor(clock() / 1000), publicUrl });
}
