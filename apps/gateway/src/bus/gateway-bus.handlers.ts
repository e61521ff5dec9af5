import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { answerRpc, Bus, rpcFail, rpcOk } from '@swap/bus';
import {
  apiKeyChanged,
  gatewayCreateKey,
  gatewayListKeys,
  gatewaySetKeyDisabled,
  GATEWAY_NONCES_STREAM,
  rateLimitHits,
  SWAP_EVENTS_STREAM,
  swapUpdated,
} from '@swap/contracts';
import { ApiKeyCache, KeyUseCases, RateLimiter } from '@swap/gateway';
import { SwapViewRepository, SwapViews } from '@swap/gateway-data';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';

/** The gateway's bus side: the read model consumer and live feed, operator key commands and replica signals. */
@Injectable()
export class GatewayBusHandlers implements OnApplicationBootstrap {
  constructor(
    private readonly bus: Bus,
    private readonly stored: SwapViewRepository,
    private readonly views: SwapViews,
    private readonly keys: KeyUseCases,
    private readonly cache: ApiKeyCache,
    private readonly limiter: RateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.ensureStream(SWAP_EVENTS_STREAM);
    await this.bus.ensureStream(GATEWAY_NONCES_STREAM);
    // Replicas share one durable consumer; upserts are version-guarded, so order and repeats are harmless.
    await this.bus.consume(swapUpdated, {
      durable: 'gateway-swap-views',
      concurrency: 16,
      handler: (snapshot) => this.stored.upsert(snapshot),
    });
    // Every replica also follows every update live, for the swaps it answers from memory.
    await this.bus.observe(swapUpdated, this.views.recent);
    await this.bus.onSignal(apiKeyChanged, ({ key }) => this.cache.evict(key));
    await this.bus.onSignal(rateLimitHits, ({ replica, hits }) => {
      if (replica !== this.config.HOSTNAME) this.limiter.absorb(hits);
    });
    await this.bus.serve(gatewayCreateKey, (request) => answerRpc(() => this.keys.create(request)), {
      queue: 'gateway',
    });
    await this.bus.serve(gatewayListKeys, () => answerRpc(() => this.keys.list()), { queue: 'gateway' });
    await this.bus.serve(
      gatewaySetKeyDisabled,
      async ({ key, disabled }) => {
        const info = await this.keys.setDisabled(key, disabled);
        return info
          ? rpcOk(info)
          : rpcFail({ code: 'KEY_NOT_FOUND', message: `No API key ${key}`, status: 404 });
      },
      { queue: 'gateway' },
    );
  }
}
