import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@swap/domain';
import { EventRepository, WebhookRepository } from '@swap/notifier-data';
import type { Notifier } from '@swap/notifier';
import { RepeatingTask } from '@swap/service-kit';
import type { NotifierConfig } from './notifier.config';
import { NOTIFIER } from './notifier.tokens';

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const PRUNE_BATCH = 10_000;

/**
 * The dispatcher sending due events, and the hourly pruning of old finished ones and of previous
 * webhook secrets whose overlap is over.
 */
@Injectable()
export class NotifierTimers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly prune: RepeatingTask;

  constructor(
    @Inject(NOTIFIER) private readonly notifier: Notifier,
    events: EventRepository,
    webhooks: WebhookRepository,
    @Inject('CONFIG') config: NotifierConfig,
    @Inject('LOGGER') logger: Logger,
  ) {
    const olderThan = config.WEBHOOK_RETENTION_DAYS * 24 * 60 * 60;
    this.prune = new RepeatingTask(
      'webhook pruning',
      PRUNE_EVERY_MS,
      async () => {
        await events.prune(olderThan, PRUNE_BATCH);
        await webhooks.forgetExpiredSecrets();
      },
      logger,
    );
  }

  onApplicationBootstrap(): void {
    this.notifier.dispatcher.start();
    void this.prune.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.notifier.dispatcher.stop(), this.prune.stop()]);
  }
}
