import { Module } from '@nestjs/common';
import type { Logger } from '@swap/domain';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { Bus, busTransport } from '@swap/bus';
import { gatewayKeyExists, SWAP_EVENTS_STREAM } from '@swap/contracts';
import { composeNotifier, registerNotifierMetrics, resealWebhookSecrets } from '@swap/notifier';
import {
  EventRepository,
  NOTIFIER_MIGRATIONS,
  NOTIFIER_SCHEMA,
  WebhookRepository,
} from '@swap/notifier-data';
import { busAndDatabaseWithProbes, SecretBox } from '@swap/persistence';
import type { NotifierConfig } from './notifier.config';
import { NotifierController } from './notifier.controller';
import { NotifierTimers } from './notifier.timers';
import { NOTIFIER } from './notifier.tokens';

/** Wires the notifier (D12): its schema, the swap events it records, the dispatcher, the operator side. */
export function notifierModule(config: NotifierConfig, logger: Logger) {
  @Module({
    imports: [
      ...busAndDatabaseWithProbes({
        bus: { url: config.NATS_URL, name: config.HOSTNAME, identity: 'notifier', logger },
        database: {
          url: config.DATABASE_URL,
          schema: NOTIFIER_SCHEMA,
          migrations: NOTIFIER_MIGRATIONS,
          poolSize: config.DB_POOL_SIZE,
          logger,
        },
      }),
    ],
    controllers: [NotifierController],
    providers: [
      {
        provide: EventRepository,
        inject: [DataSource],
        useFactory: (db: DataSource) => new EventRepository(db),
      },
      {
        provide: WebhookRepository,
        inject: [DataSource],
        useFactory: (db: DataSource) => new WebhookRepository(db),
      },
      {
        provide: NOTIFIER,
        inject: [Bus, WebhookRepository, EventRepository, Registry],
        useFactory: async (
          bus: Bus,
          webhooks: WebhookRepository,
          events: EventRepository,
          registry: Registry,
        ) => {
          const box = new SecretBox(config.WEBHOOK_SECRETS_KEY);
          const old = config.WEBHOOK_SECRETS_OLD_KEY;
          await resealWebhookSecrets({ webhooks, box, oldBox: old ? new SecretBox(old) : undefined, logger });
          return composeNotifier(
            {
              webhooks,
              events,
              secrets: box,
              keyExists: async (key) => {
                const reply = await bus.request(gatewayKeyExists, { key }, { timeoutMs: 5_000 });
                if (!reply.ok)
                  throw new Error(`the gateway could not look the key up: ${reply.error.message}`);
                return reply.data.exists;
              },
              onAttempt: registerNotifierMetrics(registry, events),
              clock: Date.now,
              logger,
            },
            {
              publicUrl: config.PUBLIC_URL,
              allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
              timeoutMs: config.WEBHOOK_TIMEOUT_MS,
              schedule: config.WEBHOOK_RETRY_SCHEDULE,
              concurrency: config.WEBHOOK_CONCURRENCY,
              perKey: config.WEBHOOK_PER_KEY_CONCURRENCY,
              idleMs: config.WEBHOOK_POLL_MS,
              orphanAfterSeconds: 600,
            },
          );
        },
      },
      { provide: 'CONFIG', useValue: config },
      { provide: 'LOGGER', useValue: logger },
      NotifierTimers,
    ],
  })
  class NotifierModule {}
  return NotifierModule;
}

/** The notifier's bus controller on JetStream. */
export const notifierTransport = busTransport({ streams: [SWAP_EVENTS_STREAM], queue: 'notifier' });
