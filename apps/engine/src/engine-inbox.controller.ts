import { Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { BusContext, BusController, OnGroupEvent } from '@swap/bus';
import { engineInbox, type EngineInput } from '@swap/contracts';
import type { Engine } from '@swap/engine';
import { ENGINE } from './engine.tokens';

/** The consumer group of the engine's leased partitions (EngineInbox): one swap's inputs in order. */
export const PARTITIONS_GROUP = 'engine-partitions';

/** Deposit reports, payout and refund progress: each applied to its swap's actor. */
@BusController()
export class EngineInboxController {
  constructor(@Inject(ENGINE) private readonly engine: Engine) {}

  @OnGroupEvent(engineInbox, PARTITIONS_GROUP)
  async input(@Payload() input: EngineInput, @Ctx() context: BusContext): Promise<void> {
    await this.engine.handleInput.execute(input, context.seq);
  }
}
