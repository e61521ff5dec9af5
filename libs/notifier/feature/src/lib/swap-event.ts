import { swapUpdatedBody, type SwapSnapshot } from '@swap/contracts';
import type { NewEvent } from '@swap/notifier-data';

/**
 * D12: a swap change as the receiver gets it. The body is fixed here, so every attempt sends the
 * same bytes (only the timestamp and signature headers are per attempt).
 */
export function swapEvent(snapshot: SwapSnapshot, settings: { publicUrl: string; now: number }): NewEvent {
  const body = swapUpdatedBody(snapshot, settings);
  return {
    eventId: body.id,
    key: snapshot.apiKey,
    swapId: snapshot.id,
    version: snapshot.version,
    body: JSON.stringify(body),
  };
}
