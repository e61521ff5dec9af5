import type { SwapSnapshot } from '@swap/contracts';

/** Last versions remembered for swaps followed through `all` only, beyond which the oldest are forgotten. */
const REMEMBERED_SWAPS = 10_000;

/**
 * What one connection follows (single swaps, or every swap of its key) and which version of each
 * swap it has sent, so each version goes out once and in order (D18). A swap is followed in two
 * steps: follow() starts holding its live versions back; replayed() takes the stored versions read
 * meanwhile and answers what to send, the stored and the held merged by version, from then on live.
 * Nothing falls between the two: whatever the stream stored before the read is in it, whatever came
 * after is held.
 */
export class LiveSubscriptions {
  // A swap followed by id, with its live versions held back until its stored ones are replayed.
  private readonly swaps = new Map<string, { held: SwapSnapshot[] | null }>();
  private everySwap = false;
  private readonly sent = new Map<string, number>();

  constructor(
    readonly key: string,
    readonly limit: number,
  ) {}

  get size(): number {
    return this.swaps.size + (this.everySwap ? 1 : 0);
  }

  /** The swaps followed by id. */
  followed(): string[] {
    return [...this.swaps.keys()];
  }

  /** Starts following a swap; false past the limit. `after`: the version the client has. */
  follow(id: string, after?: number): boolean {
    if (!this.swaps.has(id) && this.size >= this.limit) return false;
    this.swaps.set(id, { held: [] });
    // Never below what this connection sent already: no version twice.
    if (after !== undefined) this.sent.set(id, Math.max(after, this.sent.get(id) ?? -1));
    return true;
  }

  /** The swap's stored versions are read: what to send now, in order; then it is live. */
  replayed(id: string, stored: readonly SwapSnapshot[]): SwapSnapshot[] {
    const followed = this.swaps.get(id);
    if (!followed?.held) return [];
    const { held } = followed;
    followed.held = null;
    // With nothing sent nor asked for (no `after`), only what came after the subscription.
    const versions = this.sent.has(id) ? [...stored, ...held] : held;
    return this.sendable(versions.sort((a, b) => a.version - b.version));
  }

  followAll(): boolean {
    if (!this.everySwap && this.size >= this.limit) return false;
    this.everySwap = true;
    return true;
  }

  unfollow(id: string): void {
    this.swaps.delete(id);
    if (!this.everySwap) this.sent.delete(id);
  }

  unfollowAll(): void {
    this.everySwap = false;
    for (const id of this.sent.keys()) if (!this.swaps.has(id)) this.sent.delete(id);
  }

  /** A live version: sent (returned) when followed and newer than what went out, held while replaying. */
  offer(snapshot: SwapSnapshot): SwapSnapshot | null {
    const followed = this.swaps.get(snapshot.id);
    if (followed?.held) {
      followed.held.push(snapshot);
      return null;
    }
    if (!followed && !(this.everySwap && snapshot.apiKey === this.key)) return null;
    return this.sendable([snapshot])[0] ?? null;
  }

  private sendable(snapshots: readonly SwapSnapshot[]): SwapSnapshot[] {
    const out: SwapSnapshot[] = [];
    for (const snapshot of snapshots) {
      const last = this.sent.get(snapshot.id);
      if (last !== undefined && snapshot.version <= last) continue;
      this.remember(snapshot);
      out.push(snapshot);
    }
    return out;
  }

  private remember(snapshot: SwapSnapshot): void {
    // Re-inserted, so the map's order is the order of last send.
    this.sent.delete(snapshot.id);
    this.sent.set(snapshot.id, snapshot.version);
    if (this.sent.size <= REMEMBERED_SWAPS) return;
    for (const id of this.sent.keys())
      if (!this.swaps.has(id)) {
        this.sent.delete(id);
        return;
      }
  }
}
