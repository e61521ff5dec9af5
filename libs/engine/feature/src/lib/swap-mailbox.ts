/**
 * Each swap is an actor: its commands and events run one at a time, in arrival order, while
 * different swaps run concurrently. This is the in-process half; across engine instances the
 * version-guarded update (StaleSwapError → retry) keeps a swap's changes serial.
 */
export class SwapMailbox {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(swapId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(swapId) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(swapId, tail);
    void tail.then(() => {
      if (this.tails.get(swapId) === tail) this.tails.delete(swapId);
    });
    return result;
  }

  /** Number of swaps with work queued or running. */
  get busy(): number {
    return this.tails.size;
  }
}
