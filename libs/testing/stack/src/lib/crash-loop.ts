import type { ServiceProcess } from './service-process';

/** mulberry32: a small seeded generator, so a crash schedule can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

export interface CrashLoopOptions {
  /** How long the service runs before each kill, drawn uniformly from [min, max] ms. */
  upMs: [number, number];
  /** How long it stays dead before the restart. */
  downMs: [number, number];
  /** Called just before each kill, e.g. to note what the service was doing. */
  beforeKill?: () => Promise<void>;
}

/**
 * Kills a service with SIGKILL at random moments and starts it again after a random pause, until
 * stop(), which leaves it running. Each loop has its own generator: its schedule depends only on
 * its seed, not on how the loops interleave.
 */
export class CrashLoop {
  /** Milliseconds after the loop's start at which each kill happened. */
  readonly kills: number[] = [];
  private stopping = false;
  private failure: unknown;
  private readonly done: Promise<void>;

  constructor(
    readonly service: ServiceProcess,
    private readonly random: () => number,
    private readonly options: CrashLoopOptions,
  ) {
    // Kept until stop(), so a failed restart fails the suite rather than the process.
    this.done = this.run(Date.now()).catch((error: unknown) => {
      this.failure = error ?? new Error(`${service.name} crash loop failed`);
    });
  }

  /** Ends the loop once the service is up again; rethrows a failed restart. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.done;
    if (this.failure) throw this.failure;
  }

  private async run(start: number): Promise<void> {
    for (;;) {
      await this.sleepUnlessStopping(this.draw(this.options.upMs));
      if (this.stopping) return;
      await this.options.beforeKill?.();
      this.kills.push(Date.now() - start);
      await this.service.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, this.draw(this.options.downMs)));
      await this.service.start();
    }
  }

  private draw([min, max]: [number, number]): number {
    return min + Math.floor(this.random() * (max - min));
  }

  private async sleepUnlessStopping(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (!this.stopping && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
