import { fromSnapshot, type SwapSnapshot } from '@swap/contracts';
import { renderSwapOrder, type SwapUpdatedEvent } from '@swap/domain';
import type { NewEvent } from '@swap/notifier-data';

/** One swap version is one event: its id is the same on every attempt and every replica. */
export const webhookEventId = (swapId: string, version: number) => `evt_${swapId}_${version}`;

/**
 * D12: a swap change as the receiver gets it, `data` being the swap order exactly as /swap/status
 * renders it at the time of the change. The body is fixed here, so every attempt sends the same
 * bytes (only the timestamp and signature headers are per attempt).
 */
export function swapEvent(snapshot: SwapSnapshot, settings: { publicUrl: string; now: number }): NewEvent {
  const created = Math.floor(settings.now / 1000);
  const id = webhookEventId(snapshot.id, snapshot.version);
  const data = renderSwapOrder(fromSnapshot(snapshot), { now: created, publicUrl: settings.publicUrl });
  return {
    eventId: id,
    key: snapshot.apiKey,
    swapId: snapshot.id,
    version: snapshot.version,
    body: JSON.stringify({ id, type: 'swap.updated', created, data } satisfies SwapUpdatedEvent),
  };
}
