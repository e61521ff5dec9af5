import type { SwapSnapshot } from '@swap/contracts';

/** A connection as the hub sees it: its key, and where a swap's live version goes. */
export interface LiveListener {
  readonly key: string;
  offer(snapshot: SwapSnapshot): void;
}

/**
 * This replica's live connections, indexed by the swaps and keys they follow, so a swap version
 * reaches its few listeners without a look at the thousands of idle ones. It counts connections
 * per key for D18's limit.
 */
export class LiveHub {
  private readonly bySwap = new Map<string, Set<LiveListener>>();
  private readonly byKey = new Map<string, Set<LiveListener>>();
  private readonly open = new Map<string, number>();

  constructor(readonly connectionsPerKey: number) {}

  /** Admits one more connection of a key; false past the limit. */
  connect(key: string): boolean {
    const count = this.open.get(key) ?? 0;
    if (count >= this.connectionsPerKey) return false;
    this.open.set(key, count + 1);
    return true;
  }

  disconnect(key: string): void {
    const count = (this.open.get(key) ?? 1) - 1;
    if (count > 0) this.open.set(key, count);
    else this.open.delete(key);
  }

  watchSwap(id: string, listener: LiveListener): void {
    add(this.bySwap, id, listener);
  }

  unwatchSwap(id: string, listener: LiveListener): void {
    remove(this.bySwap, id, listener);
  }

  watchKey(listener: LiveListener): void {
    add(this.byKey, listener.key, listener);
  }

  unwatchKey(listener: LiveListener): void {
    remove(this.byKey, listener.key, listener);
  }

  /** A swap version from the stream, to every listener of the swap or of its key. */
  publish(snapshot: SwapSnapshot): void {
    for (const listener of this.bySwap.get(snapshot.id) ?? []) listener.offer(snapshot);
    for (const listener of this.byKey.get(snapshot.apiKey) ?? []) listener.offer(snapshot);
  }
}

function add(index: Map<string, Set<LiveListener>>, name: string, listener: LiveListener): void {
  const listeners = index.get(name) ?? new Set();
  listeners.add(listener);
  index.set(name, listeners);
}

function remove(index: Map<string, Set<LiveListener>>, name: string, listener: LiveListener): void {
  const listeners = index.get(name);
  listeners?.delete(listener);
  if (listeners?.size === 0) index.delete(name);
}
