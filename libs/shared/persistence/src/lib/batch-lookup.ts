/**
 * Coalesces lookups by key made during one event-loop turn into one fetch per `maxBatch` distinct
 * keys. Every lookup is answered by a fetch that starts after it was made, so it sees data at
 * least as new as a lookup of its own would; nothing is kept once the fetch has answered.
 */
export class BatchLookup<K, V> {
  private waiting = new Map<K, Array<{ resolve(value: V | null): void; reject(error: unknown): void }>>();
  private readonly schedule: (flush: () => void) => void;
  private readonly maxBatch: number;

  constructor(
    /** Returns the values found; a key missing from the map has no value (null). */
    private readonly fetch: (keys: K[]) => Promise<Map<K, V>>,
    options: { maxBatch?: number; schedule?: (flush: () => void) => void } = {},
  ) {
    this.maxBatch = options.maxBatch ?? 100;
    this.schedule = options.schedule ?? ((flush) => setImmediate(flush));
  }

  load(key: K): Promise<V | null> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) this.schedule(() => this.flush());
      const callers = this.waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
    });
  }

  private flush(): void {
    const batch = this.waiting;
    this.waiting = new Map();
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += this.maxBatch) {
      const chunk = keys.slice(start, start + this.maxBatch);
      this.fetch(chunk).then(
        (found) => {
          for (const key of chunk)
            for (const caller of batch.get(key)!) caller.resolve(found.get(key) ?? null);
        },
        (error: unknown) => {
          for (const key of chunk) for (const caller of batch.get(key)!) caller.reject(error);
        },
      );
    }
  }
}
