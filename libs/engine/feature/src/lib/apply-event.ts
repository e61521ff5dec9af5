import { MachineRejection, Swap, SwapError, SwapErrors, SwapEvent, transition } from '@swap/domain';
import { StaleSwapError, SwapRepository } from '@swap/engine-data';
import { rejectionError } from './rejections';
import { SwapMailbox } from './swap-mailbox';
import { swapUpdatedMessage } from './swap-events.publisher';

const MAX_ATTEMPTS = 5;

export interface AppliedEvent {
  swap: Swap;
  changed: boolean;
}

/**
 * The actor step: in the swap's mailbox, read the swap, run the pure state machine, and persist the
 * new state with its event, guarded by version. A concurrent writer (another engine instance) makes
 * the guard fail; the step then re-reads and tries again, so it is idempotent and never lost.
 */
export class ApplySwapEvent {
  constructor(
    private readonly swaps: SwapRepository,
    private readonly mailbox: SwapMailbox,
    private readonly onCommitted: () => void = () => undefined,
  ) {}

  execute(
    id: string,
    event: (swap: Swap) => SwapEvent,
    otherwise: (rejection: MachineRejection) => SwapError,
  ): Promise<AppliedEvent> {
    return this.mailbox.run(id, async () => {
      for (let attempt = 1; ; attempt++) {
        const swap = await this.swaps.find(id);
        if (!swap) throw SwapErrors.swapNotFound();
        const result = transition(swap, event(swap));
        if (!result.ok) throw rejectionError(result.rejection, otherwise);
        if (!result.changed) return { swap, changed: false };
        try {
          const saved = await this.swaps.saveTransition(result.swap, swapUpdatedMessage);
          this.onCommitted();
          return { swap: saved, changed: true };
        } catch (error) {
          if (!(error instanceof StaleSwapError) || attempt >= MAX_ATTEMPTS) throw error;
        }
      }
    });
  }
}
