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
  gatewaySetKeyAgreement,
  gatewaySetKeyDisabled,
  rateLimitHits,
  swapUpdated,
  type SwapSnapshot,
} from '@swap/contracts';
import type { Gateway } from '@swap/gateway';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';
import { GATEWAY } from '../gateway.tokens';

/** The gateway's bus side: the read model, operators' key commands and the replicas' signals. */
@BusController()
export class GatewayBusController {
  constructor(
    @Inject(GATEWAY) private readonly gateway: Gateway,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  // Replicas share one durable consumer; upserts are version-guarded, so order and repeats are harmless.
  @OnEvent(swapUpdated, { durable: 'gateway-swap-views', concurrency: 16 })
  async swapUpdated(snapshot: SwapSnapshot): Promise<void> {
    await this.gateway.views.updated(snapshot);
  }

  @OnSignal(apiKeyChanged)
  keyChanged({ key }: SignalOf<typeof apiKeyChanged>): void {
    this.gateway.keyCache.evict(key);
  }

  @OnSignal(rateLimitHits)
  rateLimitHits({ replica, hits }: SignalOf<typeof rateLimitHits>): void {
    if (replica !== this.config.HOSTNAME) this.gateway.rateLimiter.absorb(hits);
  }

  @OnRequest(gatewayCreateKey)
  createKey(request: RequestOf<typeof gatewayCreateKey>) {
    return answerRpc(() => this.gateway.keys.create(request));
  }

  @OnRequest(gatewayListKeys)
  listKeys() {
    return answerRpc(() => this.gateway.keys.list());
  }

  @OnRequest(gatewayKeyExists)
  keyExists({ key }: RequestOf<typeof gatewayKeyExists>) {
    return answerRpc(async () => ({ exists: await this.gateway.keys.exists(key) }));
  }

  @OnRequest(gatewaySetKeyDisabled)
  async setKeyDisabled({ key, disabled }: RequestOf<typeof gatewaySetKeyDisabled>) {
    const info = await this.gateway.keys.setDisabled(key, disabled);
    return info ? rpcOk(info) : keyNotFound(key);
  }

  @OnRequest(gatewaySetKeyAgreement)
  async setKeyAgreement({ key, agreement }: RequestOf<typeof gatewaySetKeyAgreement>) {
    const answer = await answerRpc(() => this.gateway.keys.setAgreement(key, agreement));
    return answer.ok && answer.data === null ? keyNotFound(key) : answer;
  }
}

const keyNotFound = (key: string) =>
  rpcFail({ code: 'KEY_NOT_FOUND', message: `No API key ${key}`, status: 404 });
