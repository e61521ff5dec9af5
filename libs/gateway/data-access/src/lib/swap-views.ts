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

  /** The engine's answer, newer than any event still on its way: stored and remembered. */
  async record(snapshot: SwapSnapshot): Promise<void> {
    await this.stored.upsert(snapshot);
    this.recent.next(snapshot);
  }
}
