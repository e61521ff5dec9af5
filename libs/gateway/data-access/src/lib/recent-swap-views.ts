import type { SwapSnapshot } from '@swap/contracts';

/**
 * The latest snapshot of the most recently updated swaps, in memory, so that a status request for
 * one of them reads no database. It observes the live `swap.<id>.updated` feed (next, live, gap:
 * an observer for Bus.observe) and takes the engine's own answers, never a database read: a row
 * read may be older than an event already gone by, and nothing would replace it. A snapshot
 * replaces another only with a higher version, so repeats and late arrivals change nothing.
 *
 * Outside a live period (before the feed is subscribed, after a lost connection or an unreadable
 * event) it holds and answers nothing: an update it missed must not leave a swap stale. Past
 * `capacity`, the swap updated longest ago goes first.
 */
export class RecentSwapViews {
  private readonly views = new Map<string, SwapSnapshot>();
  private following = false;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.views.size;
  }

  get(id: string): SwapSnapshot | undefined {
    return this.following ? this.views.get(id) : undefined;
  }

  next(snapshot: SwapSnapshot): void {
    if (!this.following) return;
    const held = this.views.get(snapshot.id);
    if (held && held.version >= snapshot.version) return;
    // Re-inserted, so the map's order stays the order of last update.
    this.views.delete(snapshot.id);
    this.views.set(snapshot.id, snapshot);
    if (this.views.size > this.capacity) this.views.delete(this.views.keys().next().value as string);
  }

  live(): void {
    this.following = this.capacity > 0;
  }

  gap(): void {
    this.following = false;
    this.views.clear();
  }
}
