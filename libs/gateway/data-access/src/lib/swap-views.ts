import type { SwapSnapshot } from '@swap/contracts';
import { RecentSwapViews } from './recent-swap-views';
import { SwapViewRepository } from './swap-view.repository';

/** The read model as the endpoints use it: recent swaps from memory, the others from PostgreSQL. */
export class SwapViews {
  constructor(
    private readonly stored: SwapViewRepository,
    readonly recent: RecentSwapViews,
  ) {}

  async find(id: string): Promise<SwapSnapshot | null> {
    return this.recent.get(id) ?? this.stored.find(id);
  }

  /**
   * Asks the engine for a change (create, advance, resolve) and records its answer, newer than any
   * event still on its way: stored, and remembered if no gap came between the asking and the answer.
   */
  async change(ask: () => Promise<SwapSnapshot>): Promise<SwapSnapshot> {
    const period = this.recent.period;
    const snapshot = await ask();
    this.recent.answer(snapshot, period);
    await this.stored.upsert(snapshot);
    return snapshot;
  }
}
