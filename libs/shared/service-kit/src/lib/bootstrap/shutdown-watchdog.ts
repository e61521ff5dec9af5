import type { BeforeApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@swap/domain';

/**
 * Logs the signal that stops the service and bounds the shutdown: a hook stuck on a dead
 * connection must not keep the pod (or the launcher) waiting forever.
 */
export class ShutdownWatchdog implements BeforeApplicationShutdown {
  constructor(
    private readonly logger: Logger,
    private readonly timeoutMs: number,
  ) {}

  beforeApplicationShutdown(signal?: string): void {
    if (!signal) return; // app.close() from code (tests): nothing to guard
    this.logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      this.logger.error({ timeoutMs: this.timeoutMs }, 'shutdown timed out, exiting');
      process.exit(1);
    }, this.timeoutMs);
    timer.unref();
  }
}
