import { BaseRpcContext } from '@nestjs/microservices';
import type { MessageMeta } from '../consumer';

/**
 * What a consumed message carries besides its body (its subject, stream sequence and deliveries),
 * for a method that asks with `@Ctx()`.
 */
export class BusContext extends BaseRpcContext<[MessageMeta]> {
  get meta(): MessageMeta {
    return this.getArgByIndex(0);
  }

  /** The message's stream sequence (orders reports of one deposit in the engine). */
  get seq(): number {
    return this.meta.seq;
  }
}
