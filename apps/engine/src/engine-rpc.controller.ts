import { Inject } from '@nestjs/common';
import { answerRpc, BusController, OnRequest, rpcOk, type RequestOf } from '@swap/bus';
import {
  engineAdvanceSwap,
  engineCreateSwap,
  engineListSwaps,
  engineOperatorRefund,
  engineResolveSwap,
  engineRetryPayout,
  engineReturnDeposit,
  engineShowSwap,
  engineSwapDeposits,
  toSnapshot,
  type SwapSnapshot,
} from '@swap/contracts';
import { Swap, SwapErrors } from '@swap/domain';
import { laterDeposit, latestReturn } from '@swap/engine-domain';
import { depositReturnShown, type Engine } from '@swap/engine';
import type { LoggedDepositRecord } from '@swap/engine-data';
import { ENGINE } from './engine.tokens';

/** The engine's requests: swap commands from the gateway, and operators' reads and commands. */
@BusController()
export class EngineRpcController {
  constructor(@Inject(ENGINE) private readonly engine: Engine) {}

  @OnRequest(engineCreateSwap)
  create(request: RequestOf<typeof engineCreateSwap>) {
    return answer(() => this.engine.createSwap.execute(request));
  }

  @OnRequest(engineAdvanceSwap)
  advance({ id }: RequestOf<typeof engineAdvanceSwap>) {
    return answer(() => this.engine.commands.advance(id));
  }

  @OnRequest(engineResolveSwap)
  resolve({ id, choice, address }: RequestOf<typeof engineResolveSwap>) {
    return answer(() => this.engine.commands.resolve(id, choice, address));
  }

  @OnRequest(engineShowSwap)
  show({ id }: RequestOf<typeof engineShowSwap>) {
    return answer(() => this.found(id));
  }

  @OnRequest(engineRetryPayout)
  retryPayout({ id }: RequestOf<typeof engineRetryPayout>) {
    return answer(() => this.engine.commands.retryPayout(id));
  }

  @OnRequest(engineOperatorRefund)
  refund({ id, address }: RequestOf<typeof engineOperatorRefund>) {
    return answer(() => this.engine.commands.refundByOperator(id, address));
  }

  @OnRequest(engineSwapDeposits)
  swapDeposits({ id }: RequestOf<typeof engineSwapDeposits>) {
    return answerRpc(async () => {
      const swap = await this.found(id);
      return (await this.engine.deposits.forSwap(id)).map((deposit) => depositView(deposit, swap));
    });
  }

  @OnRequest(engineReturnDeposit)
  returnOne({ id, depositId, address }: RequestOf<typeof engineReturnDeposit>) {
    return answerRpc(() => this.engine.returnDeposit.execute({ swapId: id, depositId, address }));
  }

  @OnRequest(engineListSwaps)
  async list({ status, limit }: RequestOf<typeof engineListSwaps>) {
    return rpcOk((await this.engine.swaps.list(status, limit)).map(toSnapshot));
  }

  private async found(id: string): Promise<Swap> {
    const swap = await this.engine.swaps.find(id);
    if (!swap) throw SwapErrors.swapNotFound();
    return swap;
  }
}

function answer(work: () => Promise<Swap>) {
  return answerRpc(async (): Promise<SwapSnapshot> => toSnapshot(await work()));
}

/** A logged deposit with what the swap did with it after its credit, and its latest return. */
function depositView(deposit: LoggedDepositRecord, swap: Swap) {
  const { swapId: _swapId, ...shown } = deposit;
  const latest = latestReturn(swap, deposit.depositId);
  return {
    ...shown,
    amount: deposit.amount.toString(),
    handling: laterDeposit(swap, deposit.depositId)?.handling ?? null,
    returned: latest ? depositReturnShown(swap, latest) : null,
  };
}
