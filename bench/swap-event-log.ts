import type { Bus } from '@swap/bus';
import { SWAP_EVENTS_STREAM, swapUpdated } from '@swap/contracts';
import type { SwapStatus } from '@swap/domain';
import { readStream, type StreamReader } from './stream-reader';

/** One persisted change of a swap, at the time JetStream stored its event (wall clock, ms). */
export interface SwapChange {
  status: SwapStatus;
  version: number;
  at: number;
}

/**
 * Every `swap.<id>.updated` the engine's relay publishes from now on, read with an ordered
 * consumer. Times are the stream's own timestamps, so the bench process's scheduling does not
 * move them.
 */
export class SwapEventLog {
  private readonly changes = new Map<string, SwapChange[]>();
  private readonly waiters = new Set<() => void>();
  private reader: StreamReader | undefined;

  static async open(bus: Bus): Promise<SwapEventLog> {
    const log = new SwapEventLog();
    log.reader = await readStream(bus, SWAP_EVENTS_STREAM.name, swapUpdated.filter, (message, at) =>
      log.record(message as { id: string; status: SwapStatus; version: number }, at),
    );
    return log;
  }

  of(id: string): readonly SwapChange[] {
    return this.changes.get(id) ?? [];
  }

  /** The first change of `id` to `status`, if any. */
  reached(id: string, status: SwapStatus): SwapChange | undefined {
    return this.of(id).find((change) => change.status === status);
  }

  /** Resolves once `done` holds (checked after every event, so keep it cheap), or fails after `timeoutMs`. */
  async until(done: () => boolean, timeoutMs: number, describe: () => string): Promise<void> {
    if (done()) return;
    let waiter!: () => void;
    let timer!: NodeJS.Timeout;
    try {
      await Promise.race([
        new Promise<void>((resolve) => {
          waiter = () => done() && resolve();
          this.waiters.add(waiter);
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`timed out: ${describe()}`)), timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      this.waiters.delete(waiter);
    }
  }

  async close(): Promise<void> {
    await this.reader?.close();
  }

  private record(
    { id, status, version }: { id: string; status: SwapStatus; version: number },
    at: number,
  ): void {
    const changes = this.changes.get(id) ?? [];
    changes.push({ status, version, at });
    this.changes.set(id, changes);
    for (const waiter of this.waiters) waiter();
  }
}
