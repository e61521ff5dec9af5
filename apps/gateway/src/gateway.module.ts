import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { Bus, busTransport } from '@swap/bus';
import { GATEWAY_NONCES_STREAM, SWAP_EVENTS_STREAM } from '@swap/contracts';
import { addressChainsFrom, type Logger } from '@swap/domain';
import { composeGateway } from '@swap/gateway';
import { GATEWAY_ENTITIES, GATEWAY_MIGRATIONS, GATEWAY_SCHEMA } from '@swap/gateway-data';
import { MarketFeed } from '@swap/market';
import { busAndDatabaseWithProbes, SecretBox } from '@swap/persistence';
import { GatewayBusController } from './bus/gateway-bus.controller';
import { LiveSwapFeed } from './bus/live-swap-feed';
import { GATEWAY_CONFIG, type GatewayConfig } from './gateway.config';
import { GATEWAY, GATEWAY_LOGGER } from './gateway.tokens';
import { EnvelopeFilter } from './http/envelope.filter';
import { GATEWAY_HTTP_CONTROLLERS } from './http/http-controllers';
import { SignatureGuard } from './http/signature.guard';
import { IdempotencyPruning } from './idempotency-pruning';
import { LiveConnections } from './live/live-connections';
import { SwapStreamServer } from './live/swap-stream.server';

/** Wires the gateway: its schema, the bus, and its use cases composed once (composeGateway). */
export function gatewayModule(config: GatewayConfig, logger: Logger) {
  @Module({
    imports: [
      ...busAndDatabaseWithProbes({
        bus: { url: config.NATS_URL, name: config.HOSTNAME, identity: 'gateway', logger },
        database: {
          url: config.DATABASE_URL,
          schema: GATEWAY_SCHEMA,
          entities: GATEWAY_ENTITIES,
          migrations: GATEWAY_MIGRATIONS,
          poolSize: config.DB_POOL_SIZE,
          logger,
        },
      }),
    ],
    controllers: [...GATEWAY_HTTP_CONTROLLERS, GatewayBusController],
    providers: [
      { provide: GATEWAY_CONFIG, useValue: config },
      { provide: GATEWAY_LOGGER, useValue: logger },
      { provide: APP_FILTER, useClass: EnvelopeFilter },
      {
        provide: GATEWAY,
        inject: [DataSource, Bus],
        useFactory: async (dataSource: DataSource, bus: Bus) => {
          const gateway = composeGateway({
            dataSource,
            bus,
            market: await MarketFeed.open(bus, Date.now, config.LIQUIDITY_MAX_AGE_SECONDS * 1000),
            secrets: new SecretBox(config.SECRETS_KEY),
            chains: addressChainsFrom(process.env),
            settings: {
              publicUrl: config.PUBLIC_URL,
              paymentWindowSeconds: config.SWAP_PAYMENT_WINDOW_SECONDS,
              swapViewCacheSize: config.SWAP_VIEW_CACHE_SIZE,
              replica: config.HOSTNAME,
              cursorSecret: config.SECRETS_KEY,
              statusPage: config.statusPage,
              statusPageRateLimit: config.STATUS_PAGE_RATE_LIMIT,
              live: {
                subscriptionsPerConnection: config.LIVE_SUBSCRIPTIONS_PER_CONNECTION,
                connectionsPerKey: config.LIVE_CONNECTIONS_PER_KEY,
              },
              swapPage: config.swapPage,
            },
            clock: Date.now,
            logger,
          });
          const old = config.SECRETS_OLD_KEY;
          const bound = await gateway.keys.bindStoredSecrets(old ? new SecretBox(old) : undefined);
          if (bound > 0) logger.info({ bound }, 'API secrets sealed again, bound to their keys');
          return gateway;
        },
      },
      IdempotencyPruning,
      SignatureGuard,
      LiveSwapFeed,
      LiveConnections,
      SwapStreamServer,
    ],
  })
  class GatewayModule {}
  return GatewayModule;
}

/** The gateway's bus controllers on JetStream. */
export const gatewayTransport = busTransport({
  streams: [SWAP_EVENTS_STREAM, GATEWAY_NONCES_STREAM],
  queue: 'gateway',
});
