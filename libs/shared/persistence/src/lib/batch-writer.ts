interface Entry<I, O> {
  item: I;
  key: string;
  resolve(result: O): void;
  reject(error: unknown): void;
}

export interface BatchWriterOptions<I> {
  /** Two writes of one key never share a batch: the later one goes in a batch after the earlier's. */
  keyOf: (item: I) => string;
  maxBatch?: number;
  schedule?: (flush: () => void) => void;
}

/**
 * A group commit: the writes made during one event-loop turn go to the database as one statement
 * (`run`, one result per item, in order) per `maxBatch` items, and each caller gets its own item's
 * result as if it had written alone. Under load that is one round trip and one commit for many
 * writers instead of one each. A batch whose statement fails is written again item by item, so a
 * bad item fails only its own caller.
 */
export class BatchWriter<I, O> {
  private waiting: Array<Entry<I, O>> = [];
  /** Keys with a write waiting or running, and the writes of that key queued behind it. */
  private readonly busy = new Map<string, Array<Entry<I, O>>>();
  private readonly keyOf: (item: I) => string;
  private readonly maxBatch: number;
  private readonly schedule: (flush: () => void) => void;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    options: BatchWriterOptions<I>,
  ) {
    this.keyOf = options.keyOf;
    this.maxBatch = options.maxBatch ?? 200;
    this.schedule = options.schedule ?? ((flush) => setImmediate(flush));
  }

  write(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      const entry = { item, key: this.keyOf(item), resolve, reject };
      const queued = this.busy.get(entry.key);
      if (queued) return void queued.push(entry);
      this.busy.set(entry.key, []);
      this.enqueue(entry);
    });
  }

  private enqueue(entry: Entry<I, O>): void {
    if (this.waiting.length === 0) this.schedule(() => this.flush());
    this.waiting.push(entry);
  }

  private flush(): void {
    const batch = this.waiting;
    this.waiting = [];
    for (let start = 0; start < batch.length; start += this.maxBatch)
      void this.runBatch(batch.slice(start, start + this.maxBatch));
  }

  private async runBatch(batch: Array<Entry<I, O>>): Promise<void> {
    let results: O[];
    try {
      results = await this.run(batch.map((entry) => entry.item));
      if (results.length !== batch.length)
        throw new Error(`a batch of ${batch.length} writes answered ${results.length} results`);
    } catch (error) {
      if (batch.length > 1) {
        // One bad item must not fail the others: each is written again on its own.
        await Promise.all(batch.map((entry) => this.runBatch([entry])));
        return;
      }
      batch[0].reject(error);
      this.release(batch[0].key);
      return;
    }
    batch.forEach((entry, i) => {
      entry.resolve(results[i]);
      this.release(entry.key);
    });
  }

  /** The key's write is answered: the next write of that key may go. */
  private release(key: string): void {
    const next = this.busy.get(key)?.shift();
    if (next) this.enqueue(next);
    else this.busy.delete(key);
  }
}
