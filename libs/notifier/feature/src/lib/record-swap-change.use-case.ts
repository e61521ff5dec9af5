import type { SwapSnapshot } from '@swap/contracts';
import type { Clock } from '@swap/domain';
import type { EventRepository, NewEvent } from '@swap/notifier-data';
import { BatchWriter } from '@swap/persistence';
import { swapEvent } from './swap-event';

/**
 * A swap change read from the bus becomes one stored event (pending when its key has a webhook),
 * before the message is acknowledged; the dispatcher is woken for a pending one. Changes read at
 * once are stored in one statement (a group commit), so the bus is read as fast as it is written.
 */
export class RecordSwapChange {
  private readonly writer: BatchWriter<NewEvent, 'pending' | 'skipped' | null>;

  constructor(
    events: EventRepository,
    private readonly settings: { publicUrl: string; clock: Clock; onPending: () => void },
  ) {
    this.writer = new BatchWriter((batch) => events.record(batch), { keyOf: (event) => event.eventId });
  }

  async execute(snapshot: SwapSnapshot): Promise<void> {
    const event = swapEvent(snapshot, { publicUrl: this.settings.publicUrl, now: this.settings.clock() });
    if ((await this.writer.write(event)) === 'pending') this.settings.onPending();
  }
}
