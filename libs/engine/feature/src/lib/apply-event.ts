import { Swap, SwapError, SwapErrors } from '@swap/domain';
import { laterDeposit, MachineRejection, SwapEffect, SwapEvent, transition } from '@swap/engine-domain';
import { MoneyAttempts, OutboxMessage, StaleSwapError, SwapRepository } from '@swap/engine-data';
import { depositReturnEvents } from './deposit-returns';
import type { TransitionObserver } from './metrics/transition.metrics';
import { moneyCommands } from './money-commands';
import { rejectionError } from './rejections';
import { SwapMailbox } from './swap-mailbox';
import { swapUpdatedMessage } from './swap-updated.message';

const MAX_ATTEMPTS = 5;

export interface AppliedEvent {
  swap: Swap;
  changed: boolean;
}

/** Applies events in order; `current` is the swap as just read, which spares the first read. */
export type ApplyAll = (
  events: ReadonlyArray<(swap: Swap) => SwapEvent | null>,
  current?: Swap,
) => Promise<EventOutcome | null>;

export type EventOutcome =
  ({ ok: true } & AppliedEvent) | { ok: false; swap: Swap; rejection: MachineRejection };

/**
 * The actor step: in the swap's mailbox, read the swap, run the pure state machine, and persist the
 * new state with its event and the commands its effects send (payout, refund), guarded by version.
 * A concurrent writer (another engine instance) makes the guard fail; the step then re-reads and
 * tries again, so it is idempotent and never lost.
 */
export class ApplySwapEvent {
  constructor(
    private readonly swaps: SwapRepository,
    private readonly mailbox: SwapMailbox,
    /** Gets each commit's outbox messages, in order (the relay publishes them), before the step ends. */
    private readonly onCommitted: (messages: OutboxMessage[]) => void | Promise<void> = () => undefined,
    /** Told of each committed transition (the metrics count status changes). */
    private readonly onTransition: TransitionObserver = () => undefined,
  ) {}

  /** For callers that answer an integrator: a refusal becomes the catalogue's error. */
  async execute(
    id: string,
    event: (swap: Swap) => SwapEvent,
    otherwise: (rejection: MachineRejection) => SwapError,
  ): Promise<AppliedEvent> {
    const outcome = await this.apply(id, event);
    if (!outcome.ok) throw rejectionError(outcome.rejection, otherwise);
    return outcome;
  }

  /** Applies `event` (built from the swap as it is now); a refusal is returned, not thrown. */
  apply(id: string, event: (swap: Swap) => SwapEvent): Promise<EventOutcome> {
    return this.mailbox.run(id, () => this.applyNow(id, event));
  }

  /**
   * Runs `work` in the swap's mailbox, entered now (so inputs keep their arrival order even when
   * `work` first awaits something). Inside, `applyAll` applies several events in order, each built
   * from the swap as the previous one left it (skipped when its builder answers null), stopping at
   * the first refusal. Each event starts from the swap the previous one returned rather than a
   * fresh read: inside the mailbox nothing else in this instance changes it, and a change by
   * another instance fails the version guard, which re-reads.
   */
  exclusive<T>(id: string, work: (applyAll: ApplyAll) => Promise<T>): Promise<T> {
    return this.mailbox.run(id, () =>
      work(async (events, current) => {
        let last: EventOutcome | null = null;
        let known = current;
        for (const build of events) {
          last = await this.applyNow(id, build, known);
          if (!last.ok) return last;
          known = last.swap;
        }
        return last;
      }),
    );
  }

  /** `event` may answer null: nothing to apply to the swap as it is now. */
  private async applyNow(
    id: string,
    event: (swap: Swap) => SwapEvent | null,
    known?: Swap,
  ): Promise<EventOutcome> {
    for (let attempt = 1; ; attempt++) {
      const swap = attempt === 1 && known ? known : await this.swaps.find(id);
      if (!swap) throw SwapErrors.swapNotFound();
      const happened = event(swap);
      if (happened === null) return { ok: true, swap, changed: false };
      const result = transition(swap, happened);
      if (!result.ok) return { ok: false, swap, rejection: result.rejection };
      if (!result.changed) return { ok: true, swap, changed: false };
      const { messages, attempts } = transitionMessages(
        swap,
        { ...result.swap, version: swap.version + 1 },
        result.effects,
        happened.now,
      );
      try {
        const saved = await this.swaps.saveTransition(
          result.swap,
          () => messages,
          attempts,
          creditedBy(happened, result.swap),
        );
        this.onTransition(swap, saved);
        await this.onCommitted(messages);
        return { ok: true, swap: saved, changed: true };
      } catch (error) {
        if (!(error instanceof StaleSwapError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}

/**
 * What a transition writes with the swap (built from the swap as it will be saved, so ids carry its
 * new version): its event, the commands its effects send, its returns' events, in that order.
 */
function transitionMessages(
  before: Swap,
  saved: Swap,
  effects: readonly SwapEffect[],
  now: number,
): { messages: OutboxMessage[]; attempts: MoneyAttempts } {
  const commands = moneyCommands(saved, effects, now);
  return {
    messages: [swapUpdatedMessage(saved), ...commands.messages, ...depositReturnEvents(before, saved)],
    attempts: commands.attempts,
  };
}

/**
 * The logged deposits a transition added to the swap's money, marked in the same statement: one of
 * them vanishing fails the swap (D4). A crediting adds those it summed; a later deposit counts
 * when it joined the swap's deposit or was paid out on its own, not when it goes back.
 */
function creditedBy(event: SwapEvent, next: Swap): readonly string[] {
  if (event.kind === 'DepositCredited') return event.deposits ?? [];
  if (event.kind !== 'LaterDepositCredited') return [];
  const handling = laterDeposit(next, event.deposit)?.handling;
  return handling === 'JOINED' || handling === 'PAID' ? [event.deposit] : [];
}
