/** Runs the tasks of one key one after another; tasks of different keys run side by side. */
export class SerialQueue<K> {
  private readonly tails = new Map<K, Promise<unknown>>();

  run<T>(key: K, task: () => Promise<T>): Promise<T> {
    // A tail never rejects, so one failed task does not stop the ones queued behind it.
    const next = (this.tails.get(key) ?? Promise.resolve()).then(task);
    this.tails.set(
      key,
      next.catch(() => undefined),
    );
    return next;
  }
}
