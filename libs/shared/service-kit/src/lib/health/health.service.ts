import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { stalledLoops } from '../schedule/stalled-loops';
import { HEALTH_OPTIONS, notReady, type HealthOptions, type ReadinessCheck } from './health.options';

export interface Readiness {
  ready: boolean;
  /** Names of the checks that failed; never their errors, which may carry URLs or secrets. */
  failed: string[];
  /** Why, for the failed checks that said so (their own words) or took too long. */
  reasons: Record<string, string>;
}

type Outcome = { passed: true } | { passed: false; reason?: string };

const DEFAULT_TIMEOUT_MS = 2_000;

@Injectable()
export class HealthService implements OnModuleDestroy {
  private stopping = false;
  private readonly checks: Map<string, ReadinessCheck>;

  constructor(@Inject(HEALTH_OPTIONS) private readonly options: HealthOptions) {
    this.checks = new Map(Object.entries(options.checks));
    // Every service's loops (RepeatingTask): one that stopped making progress is named here.
    this.checks.set('loops', () => {
      const stalled = stalledLoops.now();
      return stalled.length === 0 ? true : notReady(stalled.map((stall) => stall.reason).join('; '));
    });
  }

  /**
   * Adds a check from a part of the service that starts later than the module (a watcher's node,
   * the treasury's nodes, pricing's prices). A name already taken is refused.
   */
  register(name: string, check: ReadinessCheck): void {
    if (this.checks.has(name)) throw new Error(`readiness check "${name}" is already registered`);
    this.checks.set(name, check);
  }

  // The first shutdown hook: report not-ready at once so load balancers stop sending traffic.
  onModuleDestroy(): void {
    this.stopping = true;
  }

  async readiness(): Promise<Readiness> {
    if (this.stopping)
      return { ready: false, failed: ['shutdown'], reasons: { shutdown: 'the service is stopping' } };
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const entries = [...this.checks];
    const outcomes = await Promise.all(entries.map(([, check]) => run(check, timeoutMs)));
    const failed: string[] = [];
    const reasons: Record<string, string> = {};
    entries.forEach(([name], i) => {
      const outcome = outcomes[i];
      if (outcome.passed) return;
      failed.push(name);
      if (outcome.reason !== undefined) reasons[name] = outcome.reason;
    });
    return { ready: failed.length === 0, failed, reasons };
  }
}

async function run(check: ReadinessCheck, timeoutMs: number): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Outcome>(
    (resolve) =>
      (timer = setTimeout(
        () => resolve({ passed: false, reason: `no answer within ${timeoutMs} ms` }),
        timeoutMs,
      )),
  );
  try {
    const outcome = Promise.resolve()
      .then(check)
      .then((result): Outcome => {
        if (result === false) return { passed: false };
        if (typeof result === 'object' && result !== null && result.ready === false)
          return { passed: false, reason: String(result.reason) };
        return { passed: true };
      })
      // The error's message may name a URL or carry a secret: only the check's name is shown.
      .catch((): Outcome => ({ passed: false }));
    return await Promise.race([outcome, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
