import type { SwapSnapshot } from '@swap/contracts';

/**
 * The latest snapshot of the most recently updated swaps, in memory, so that a status request for
 * one of them reads no database. It observes the live `swap.<id>.updated` feed (next, live, gap:
 * an observer for Bus.observe) and takes the engine's own answers, never a database read: a row
 * read may be older than an event already gone by, and nothing would replace it. A snapshot
 * replaces another only with a higher version, so repeats and late arrivals change nothing.
 *
 * Outside a live period (before the feed is subscribed, after a lost connection or an unreadable
 * event) it holds and answers nothing: an update it missed must not leave a swap stale. An
 * engine's answer counts only if it was asked for in the live period still running: events after
 * it then arrive in that period too. Past `capacity`, the swap updated longest ago goes first.
 */
export class RecentSwapViews {
  private readonly views = new Map<string, SwapSnapshot>();
  private following = false;
  private periods = 0;

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

  /** The live period under way, or null outside one. */
  get period(): number | null {
    return this.following ? this.periods : null;
  }

  /** The engine's answer to a change asked for during `period`. */
  answer(snapshot: SwapSnapshot, period: number | null): void {
    if (period !== null && period === this.period) this.next(snapshot);
  }

  live(): void {
    if (this.capacity === 0 || this.following) return;
    this.following = true;
    this.periods++;
  }

  gap(): void {
    this.following = false;
    this.views.clear();
  }
}
