import { renderSwapOrder, type SwapUpdatedEvent } from '@swap/domain';
import { fromSnapshot, type SwapSnapshot } from './swap-snapshot';

/** D12's body of a swap change, as webhooks (D12) and the live events (D18) send it. */
export type SwapUpdatedBody = SwapUpdatedEvent;

/** One swap version is one event: its id is the same on every attempt, replica and channel. */
export const swapEventId = (swapId: string, version: number) => `evt_${swapId}_${version}`;

/** A swap version as D12's body, `data` being the order exactly as /swap/status renders it at `now` (ms). */
export function swapUpdatedBody(
  snapshot: SwapSnapshot,
  settings: { publicUrl: string; now: number },
): SwapUpdatedBody {
  const created = Math.floor(settings.now / 1000);
  const data = renderSwapOrder(fromSnapshot(snapshot), { now: created, publicUrl: settings.publicUrl });
  return { id: swapEventId(snapshot.id, snapshot.version), type: 'swap.updated', created, data };
}
