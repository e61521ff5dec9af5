import type { ApiKeyInfo, EngineCreateSwapRequest } from '@swap/contracts';
import type { SwapOrderView } from '@swap/domain';
import type { SwapViews } from '@swap/gateway-data';
import type { EngineClient } from './engine.client';
import type { CreateAnswer, ClaimedCreate, IdempotencyClaims } from './idempotency/idempotency-claims';
import { renderOrder, type OrderRendering } from './render-order';

/** A create body parsed and judged against its key (parseCreateRequest), with who asks. */
export interface CreateSwapCommand extends ClaimedCreate {
  key: ApiKeyInfo;
  /** D19: the referral code of `key` the swap is created through on the public page, if any. */
  ref?: string;
}

export interface CreateSwapDeps {
  claims: IdempotencyClaims;
  engine: Pick<EngineClient, 'create'>;
  views: SwapViews;
  rendering: OrderRendering;
}

/**
 * Section 4.1 and D13: /swap/create. The Idempotency-Key is claimed, the engine makes the swap (one
 * per request id), the read model records its answer, and the key keeps the answer for repeats.
 */
export class CreateSwap {
  constructor(private readonly deps: CreateSwapDeps) {}

  async execute(command: CreateSwapCommand): Promise<CreateAnswer> {
    const { claims, engine, views, rendering } = this.deps;
    const claim = await claims.claim(command.key.key, command);
    if (claim.kind === 'replay') return { swap: claim.swap, replayed: true };
    let swap: SwapOrderView;
    try {
      const mark = views.markChange();
      const answer = await engine.create(engineCreateRequest(command, claim.requestId));
      swap = renderOrder(await views.recordChange(answer, mark), rendering);
    } catch (error) {
      // The engine may have made the swap all the same: the key keeps its request id for a retry.
      await claims.abandon(claim);
      throw error;
    }
    return claims.complete(claim, swap);
  }
}

/** The engine's create: the order, the request id it is idempotent by, and the key's terms. */
function engineCreateRequest(command: CreateSwapCommand, requestId: string): EngineCreateSwapRequest {
  const { key } = command;
  return {
    ...command.request,
    requestId,
    ref: command.ref ?? null,
    key: {
      apiKey: key.key,
      fixedRateEnabled: key.fixedRateEnabled,
      dryrunEnabled: key.dryrunEnabled,
      autoExecuteOnMismatch: key.autoExecuteOnMismatch,
      partnerPercent: key.partnerPercent,
      feeShare: key.feeShare,
    },
  };
}
