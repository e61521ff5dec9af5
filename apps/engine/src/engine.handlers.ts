import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { answerRpc, Bus, rpcOk } from '@swap/bus';
import {
  engineAdvanceSwap,
  engineCreateSwap,
  engineListSwaps,
  engineOperatorRefund,
  engineRetryPayout,
  engineReturnDeposit,
  engineResolveSwap,
  engineShowSwap,
  engineSwapDeposits,
  DEPOSIT_RETURNS_STREAM,
  ENGINE_INBOX_STREAM,
  MONEY_COMMANDS_STREAM,
  SWAP_EVENTS_STREAM,
  SwapSnapshot,
  toSnapshot,
} from '@swap/contracts';
import { laterDeposit, latestReturn, Swap, SwapErrors } from '@swap/domain';
import {
  CreateSwap,
  depositReturnShown,
  EngineInbox,
  ExpiryJob,
  OutboxPruneJob,
  OutboxRelay,
  ReturnDeposit,
  SwapCommands,
} from '@swap/engine';
import { DepositLogRepository, LoggedDepositRecord, SwapRepository } from '@swap/engine-data';

/** The engine's bus side: swap commands from the gateway, operator reads, and its background jobs. */
@Injectable()
export class EngineHandlers implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly bus: Bus,
    private readonly swaps: SwapRepository,
    private readonly deposits: DepositLogRepository,
    private readonly returnDeposit: ReturnDeposit,
    private readonly createSwap: CreateSwap,
    private readonly commands: SwapCommands,
    private readonly relay: OutboxRelay,
    private readonly expiry: ExpiryJob,
    private readonly prune: OutboxPruneJob,
    private readonly inbox: EngineInbox,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const stream of [
      SWAP_EVENTS_STREAM,
      ENGINE_INBOX_STREAM,
      MONEY_COMMANDS_STREAM,
      DEPOSIT_RETURNS_STREAM,
    ])
      await this.bus.ensureStream(stream);
    this.relay.start();
    this.expiry.start();
    this.prune.start();
    await this.inbox.start();
    const queue = { queue: 'engine' };
    await this.bus.serve(
      engineCreateSwap,
      (request) => this.answer(() => this.createSwap.execute(request)),
      queue,
    );
    await this.bus.serve(engineAdvanceSwap, ({ id }) => this.answer(() => this.commands.advance(id)), queue);
    await this.bus.serve(
      engineResolveSwap,
      ({ id, choice, address }) => this.answer(() => this.commands.resolve(id, choice, address)),
      queue,
    );
    await this.bus.serve(
      engineShowSwap,
      ({ id }) =>
        this.answer(async () => {
          const swap = await this.swaps.find(id);
          if (!swap) throw SwapErrors.swapNotFound();
          return swap;
        }),
      queue,
    );
    await this.bus.serve(
      engineRetryPayout,
      ({ id }) => this.answer(() => this.commands.retryPayout(id)),
      queue,
    );
    await this.bus.serve(
      engineOperatorRefund,
      ({ id, address }) => this.answer(() => this.commands.refundByOperator(id, address)),
      queue,
    );
    await this.bus.serve(
      engineSwapDeposits,
      ({ id }) =>
        answerRpc(async () => {
          const swap = await this.swaps.find(id);
          if (!swap) throw SwapErrors.swapNotFound();
          return (await this.deposits.forSwap(id)).map((deposit) => depositView(deposit, swap));
        }),
      queue,
    );
    await this.bus.serve(
      engineReturnDeposit,
      ({ id, depositId, address }) =>
        answerRpc(() => this.returnDeposit.execute({ swapId: id, depositId, address })),
      queue,
    );
    await this.bus.serve(
      engineListSwaps,
      async ({ status, limit }) => rpcOk((await this.swaps.list(status, limit)).map(toSnapshot)),
      queue,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.inbox.stop();
    await this.expiry.stop();
    await this.prune.stop();
    await this.relay.stop();
  }

  private answer(work: () => Promise<Swap>) {
    return answerRpc(async (): Promise<SwapSnapshot> => toSnapshot(await work()));
  }
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
