import { addressChainsFrom } from '@swap/domain';
import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { Bus, busTransport } from '@swap/bus';
import { busAndDatabaseWithProbes, SecretBox } from '@swap/persistence';
import { createLogger } from '@swap/service-kit';
import {
  ApiKeyCache,
  AuthenticateRequest,
  EngineClient,
  IpRateLimiter,
  KeyUseCases,
  StreamNonceStore,
  RateLimiter,
  StatusPage,
  SwapUseCases,
} from '@swap/gateway';
import {
  ApiKeyRepository,
  GATEWAY_ENTITIES,
  GATEWAY_MIGRATIONS,
  GATEWAY_SCHEMA,
  RecentSwapViews,
  SwapViewRepository,
  SwapViews,
} from '@swap/gateway-data';
import { MarketFeed } from '@swap/market';
import { GATEWAY_NONCES_STREAM, rateLimitHits, SWAP_EVENTS_STREAM } from '@swap/contracts';
import { GATEWAY_CONFIG, GatewayConfig } from './gateway.config';
import { GATEWAY_LOGGER, NONCE_STORE } from './gateway.tokens';
import { EnvelopeFilter } from './http/envelope.filter';
import { SignatureGuard } from './http/signature.guard';
import { GATEWAY_HTTP_CONTROLLERS } from './http/http-controllers';
import { GatewayBusController } from './bus/gateway-bus.controller';
import { LiveSwapFeed } from './bus/live-swap-feed';
import { ListCursors, ListSwaps, SwapStats, TreasuryPartnerFees } from '@swap/gateway';
import { SwapHistoryRepository } from '@swap/gateway-data';
import { IdempotentCreate } from '@swap/gateway';
import { IdempotencyKeyRepository } from '@swap/gateway-data';
import { IdempotencyPruning } from './idempotency-pruning';

/** Wires the gateway: one module, every dependency visible in its factory. */
export function gatewayModule(config: GatewayConfig, logger: Logger = createLogger('gateway')) {
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
      { provide: SecretBox, useFactory: () => new SecretBox(config.SECRETS_KEY) },
      {
        provide: ApiKeyRepository,
        inject: [DataSource],
        useFactory: (ds: DataSource) => new ApiKeyRepository(ds),
      },
      {
        provide: SwapViewRepository,
        inject: [DataSource],
        useFactory: (ds: DataSource) => new SwapViewRepository(ds),
      },
      {
        provide: SwapViews,
        inject: [SwapViewRepository],
        useFactory: (stored: SwapViewRepository) =>
          new SwapViews(stored, new RecentSwapViews(config.SWAP_VIEW_CACHE_SIZE)),
      },
      {
        provide: ApiKeyCache,
        inject: [ApiKeyRepository, SecretBox],
        useFactory: (repo: ApiKeyRepository, box: SecretBox) => new ApiKeyCache(repo, box),
      },
      {
        provide: AuthenticateRequest,
        inject: [ApiKeyCache],
        useFactory: (keys: ApiKeyCache) => new AuthenticateRequest(keys),
      },
      {
        provide: RateLimiter,
        inject: [Bus],
        useFactory: (bus: Bus) =>
          new RateLimiter({ send: (hits) => bus.signal(rateLimitHits, { replica: config.HOSTNAME, hits }) }),
      },
      { provide: StatusPage, useFactory: () => new StatusPage(config.statusPage) },
      { provide: IpRateLimiter, useFactory: () => new IpRateLimiter(config.STATUS_PAGE_RATE_LIMIT) },
      { provide: NONCE_STORE, inject: [Bus], useFactory: (bus: Bus) => new StreamNonceStore(bus) },
      {
        provide: MarketFeed,
        inject: [Bus],
        useFactory: (bus: Bus) => MarketFeed.open(bus, Date.now, config.LIQUIDITY_MAX_AGE_SECONDS * 1000),
      },
      { provide: EngineClient, inject: [Bus], useFactory: (bus: Bus) => new EngineClient(bus) },
      {
        provide: SwapHistoryRepository,
        inject: [DataSource],
        useFactory: (ds: DataSource) => new SwapHistoryRepository(ds),
      },
      {
        provide: ListSwaps,
        inject: [SwapHistoryRepository],
        useFactory: (history: SwapHistoryRepository) =>
          new ListSwaps(history, new ListCursors(config.SECRETS_KEY), {
            publicUrl: config.PUBLIC_URL,
            clock: Date.now,
          }),
      },
      {
        provide: SwapStats,
        inject: [SwapHistoryRepository, Bus],
        useFactory: (history: SwapHistoryRepository, bus: Bus) =>
          new SwapStats(history, new TreasuryPartnerFees(bus)),
      },
      {
        provide: SwapUseCases,
        inject: [MarketFeed, EngineClient, SwapViews],
        useFactory: (market: MarketFeed, engine: EngineClient, views: SwapViews) =>
          new SwapUseCases(market, engine, views, {
            paymentWindowSeconds: config.SWAP_PAYMENT_WINDOW_SECONDS,
            publicUrl: config.PUBLIC_URL,
            clock: Date.now,
            chains: addressChainsFrom(process.env),
          }),
      },
      {
        provide: KeyUseCases,
        inject: [ApiKeyRepository, SecretBox, Bus],
        useFactory: async (repo: ApiKeyRepository, box: SecretBox, bus: Bus) => {
          const keys = new KeyUseCases(repo, box, bus);
          const old = config.SECRETS_OLD_KEY;
          const bound = await keys.bindStoredSecrets(old ? new SecretBox(old) : undefined);
          if (bound > 0) logger.info({ bound }, 'API secrets sealed again, bound to their keys');
          return keys;
        },
      },
      {
        provide: IdempotencyKeyRepository,
        inject: [DataSource],
        useFactory: (ds: DataSource) => new IdempotencyKeyRepository(ds),
      },
      {
        provide: IdempotentCreate,
        inject: [SwapUseCases, IdempotencyKeyRepository],
        useFactory: (swaps: SwapUseCases, keys: IdempotencyKeyRepository) =>
          new IdempotentCreate(swaps, keys),
      },
      IdempotencyPruning,
      SignatureGuard,
      LiveSwapFeed,
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
