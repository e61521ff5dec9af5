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
  gatewayIssueReferral,
  gatewayKeyExists,
  gatewayListReferrals,
  gatewayRevokeReferral,
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
  setKeyAgreement({ key, agreement }: RequestOf<typeof gatewaySetKeyAgreement>) {
    return orNotFound(() => this.gateway.keys.setAgreement(key, agreement), keyNotFound(key));
  }

  @OnRequest(gatewayIssueReferral)
  issueReferral({ key }: RequestOf<typeof gatewayIssueReferral>) {
    return orNotFound(() => this.gateway.referralCodes.issue(key), keyNotFound(key));
  }

  @OnRequest(gatewayListReferrals)
  listReferrals({ key }: RequestOf<typeof gatewayListReferrals>) {
    return orNotFound(() => this.gateway.referralCodes.list(key), keyNotFound(key));
  }

  @OnRequest(gatewayRevokeReferral)
  revokeReferral({ key, code }: RequestOf<typeof gatewayRevokeReferral>) {
    const missing = rpcFail({
      code: 'REFERRAL_NOT_FOUND',
      message: `No referral code ${code} of API key ${key}`,
      status: 404,
    });
    return orNotFound(() => this.gateway.referralCodes.revoke(key, code), missing);
  }
}

const keyNotFound = (key: string) =>
  rpcFail({ code: 'KEY_NOT_FOUND', message: `No API key ${key}`, status: 404 });

/** An operator command's answer; null from the use case is `missing`. */
async function orNotFound<T>(work: () => Promise<T | null>, missing: ReturnType<typeof rpcFail>) {
  const answer = await answerRpc(work);
  return answer.ok && answer.data === null ? missing : answer;
}
