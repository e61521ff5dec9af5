import type { SwapSnapshot } from '@swap/contracts';
import { RecentSwapViews } from './recent-swap-views';
import { SwapViewRepository } from './swap-view.repository';

/** When a change was asked of the engine: the live period then under way (see RecentSwapViews). */
export type ChangeMark = number | null;

/** The read model as the endpoints use it: recent swaps from memory, the others from PostgreSQL. */
export class SwapViews {
  constructor(
    private readonly stored: SwapViewRepository,
    readonly recent: RecentSwapViews,
  ) {}

  async find(id: string): Promise<SwapSnapshot | null> {
    return this.recent.get(id) ?? this.stored.find(id);
  }

  /** Taken just before a change (create, advance, resolve) is asked of the engine. */
  markChange(): ChangeMark {
    return this.recent.period;
  }

  /**
   * Records the engine's answer to a change asked at `mark`, newer than any event still on its way:
   * stored, and remembered if no gap came between the asking and the answer.
   */
  async recordChange(snapshot: SwapSnapshot, mark: ChangeMark): Promise<SwapSnapshot> {
    this.recent.answer(snapshot, mark);
    await this.stored.upsert(snapshot);
    return snapshot;
  }

  /** A swap's update from the event stream: stored (memory follows the live feed by itself). */
  async updated(snapshot: SwapSnapshot): Promise<void> {
    await this.stored.upsert(snapshot);
  }
}
