import { swapUpdatedBody, type SwapSnapshot } from '@swap/contracts';
import type { OrderRendering } from '../swap/render-order';

/** Rendered versions kept, so thousands of listeners of one swap cost one rendering. */
const KEPT = 1000;

/** A swap version as sent: D18's WebSocket message, and the order alone (an SSE event's data). */
export interface LiveEvent {
  message: string;
  order: string;
}

/**
 * Swap versions rendered as D12's body plus the version, as JSON text: each version once per
 * replica (at its first send), the text reused for every listener.
 */
export class LiveEvents {
  private readonly rendered = new Map<string, LiveEvent>();

  constructor(private readonly rendering: OrderRendering) {}

  of(snapshot: SwapSnapshot): LiveEvent {
    const name = `${snapshot.id}:${snapshot.version}`;
    let event = this.rendered.get(name);
    if (event === undefined) {
      const { id, type, created, data } = swapUpdatedBody(snapshot, {
        publicUrl: this.rendering.publicUrl,
        now: this.rendering.clock(),
      });
      event = {
        message: JSON.stringify({ id, type, created, version: snapshot.version, data }),
        order: JSON.stringify(data),
      };
      this.rendered.set(name, event);
      if (this.rendered.size > KEPT) this.rendered.delete(this.rendered.keys().next().value as string);
    }
    return event;
  }
}
