import { Inject } from '@nestjs/common';
import {
  answerRpc,
  BusController,
  OnEvent,
  OnRequest,
  OnSignal,
  rpcFail,
  rpcOk,
  type RequestOf,
  type SignalOf,
} from '@swap/bus';
import {
  apiKeyChanged,
  gatewayCreateKey,
  gatewayKeyExists,
  gatewayListKeys,
  gatewaySetKeyDisabled,
  rateLimitHits,
  swapUpdated,
  type SwapSnapshot,
} from '@swap/contracts';
import { ApiKeyCache, KeyUseCases, RateLimiter } from '@swap/gateway';
import { SwapViewRepository } from '@swap/gateway-data';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';

/** The gateway's bus side: the read model, operators' key commands and the replicas' signals. */
@BusController()
export class GatewayBusController {
  constructor(
    private readonly stored: SwapViewRepository,
    private readonly keys: KeyUseCases,
    private readonly cache: ApiKeyCache,
    private readonly limiter: RateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  // Replicas share one durable consumer; upserts are version-guarded, so order and repeats are harmless.
  @OnEvent(swapUpdated, { durable: 'gateway-swap-views', concurrency: 16 })
  async swapUpdated(snapshot: SwapSnapshot): Promise<void> {
    await this.stored.upsert(snapshot);
  }

  @OnSignal(apiKeyChanged)
  keyChanged({ key }: SignalOf<typeof apiKeyChanged>): void {
    this.cache.evict(key);
  }

  @OnSignal(rateLimitHits)
  rateLimitHits({ replica, hits }: SignalOf<typeof rateLimitHits>): void {
    if (replica !== this.config.HOSTNAME) this.limiter.absorb(hits);
  }

  @OnRequest(gatewayCreateKey)
  createKey(request: RequestOf<typeof gatewayCreateKey>) {
    return answerRpc(() => this.keys.create(request));
  }

  @OnRequest(gatewayListKeys)
  listKeys() {
    return answerRpc(() => this.keys.list());
  }

  @OnRequest(gatewayKeyExists)
  keyExists({ key }: RequestOf<typeof gatewayKeyExists>) {
    return answerRpc(async () => ({ exists: await this.keys.exists(key) }));
  }

  @OnRequest(gatewaySetKeyDisabled)
  async setKeyDisabled({ key, disabled }: RequestOf<typeof gatewaySetKeyDisabled>) {
    const info = await this.keys.setDisabled(key, disabled);
    return info ? rpcOk(info) : rpcFail({ code: 'KEY_NOT_FOUND', message: `No API key ${key}`, status: 404 });
  }
}
