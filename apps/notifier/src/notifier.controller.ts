import { Inject } from '@nestjs/common';
import { answerRpc, BusController, OnEvent, OnRequest, type RequestOf } from '@swap/bus';
import {
  notifierListDeliveries,
  notifierListWebhooks,
  notifierRedeliver,
  notifierRemoveWebhook,
  notifierRotateWebhookSecret,
  notifierSetWebhook,
  swapUpdated,
  type SwapSnapshot,
} from '@swap/contracts';
import { WebhookOpsError, type Notifier } from '@swap/notifier';
import { NOTIFIER } from './notifier.tokens';

/** Recording swaps needs no order (the dispatcher keeps each swap's), so many run at once. */
const RECORD_CONCURRENCY = 64;

/** Every swap change stored as an event before it is acked; the operators' webhook commands. */
@BusController()
export class NotifierController {
  constructor(@Inject(NOTIFIER) private readonly notifier: Notifier) {}

  @OnEvent(swapUpdated, { durable: 'notifier', concurrency: RECORD_CONCURRENCY })
  async swapUpdated(snapshot: SwapSnapshot): Promise<void> {
    await this.notifier.record.execute(snapshot);
  }

  @OnRequest(notifierSetWebhook)
  set({ key, url }: RequestOf<typeof notifierSetWebhook>) {
    return answer(() => this.notifier.ops.set(key, url));
  }

  @OnRequest(notifierRotateWebhookSecret)
  rotateSecret({ key }: RequestOf<typeof notifierRotateWebhookSecret>) {
    return answer(() => this.notifier.ops.rotateSecret(key));
  }

  @OnRequest(notifierRemoveWebhook)
  remove({ key }: RequestOf<typeof notifierRemoveWebhook>) {
    return answer(() => this.notifier.ops.remove(key));
  }

  @OnRequest(notifierListWebhooks)
  list({ key }: RequestOf<typeof notifierListWebhooks>) {
    return answer(() => this.notifier.ops.list(key));
  }

  @OnRequest(notifierListDeliveries)
  deliveries(filter: RequestOf<typeof notifierListDeliveries>) {
    return answer(() => this.notifier.ops.deliveries(filter));
  }

  @OnRequest(notifierRedeliver)
  redeliver({ eventId }: RequestOf<typeof notifierRedeliver>) {
    return answer(() => this.notifier.ops.redeliver(eventId));
  }
}

/** The result, or the refusal a WebhookOpsError carries; anything else is the internal error. */
const answer = <T>(work: () => Promise<T>) =>
  answerRpc(work, (error) => (error instanceof WebhookOpsError ? error.toPayload() : null));
