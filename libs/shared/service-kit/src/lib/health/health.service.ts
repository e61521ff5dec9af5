import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { HEALTH_OPTIONS, type HealthOptions, type ReadinessCheck } from './health.options';

export interface Readiness {
  ready: boolean;
  /** Names of the checks that failed; never their errors, which may carry URLs or secrets. */
  failed: string[];
}

const DEFAULT_TIMEOUT_MS = 2_000;

@Injectable()
export class HealthService implements OnModuleDestroy {
  private stopping = false;

  constructor(@Inject(HEALTH_OPTIONS) private readonly options: HealthOptions) {}

  // The first shutdown hook: report not-ready at once so load balancers stop sending traffic.
  onModuleDestroy(): void {
    this.stopping = true;
  }

  async readiness(): Promise<Readiness> {
    if (this.stopping) return { ready: false, failed: ['shutdown'] };
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const entries = Object.entries(this.options.checks);
    const results = await Promise.all(entries.map(([, check]) => passes(check, timeoutMs)));
    const failed = entries.filter((_, i) => !results[i]).map(([name]) => name);
    return { ready: failed.length === 0, failed };
  }
}

async function passes(check: ReadinessCheck, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    const run = Promise.resolve()
      .then(check)
      .then((result) => result !== false)
      .catch(() => false);
    return await Promise.race([run, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
