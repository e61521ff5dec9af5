import { Swap } from '@swap/domain';
import { MachineRejectionReason, SwapEffect, SwapEvent, TransitionResult } from './machine.types';
import { Step } from './swap.steps';
import { findTransition } from './swap.transitions';

/**
 * The swap state machine: (state, event) → (state, effects), pure. The returned swap is a new
 * object with time.update set when anything changed; `version` is left to the repository.
 */
export function transition(swap: Swap, event: SwapEvent): TransitionResult {
  const row = findTransition(swap, event);
  const refuse = (reason: MachineRejectionReason): TransitionResult => ({
    ok: false,
    rejection: { reason, status: swap.status, event: event.kind },
  });
  if (!row) return refuse('INVALID_EVENT');
  if (typeof row.to === 'object') return refuse(row.to.reject);

  const draft = structuredClone(swap);
  const also = row.also as Step<SwapEvent> | undefined;
  const effects: SwapEffect[] = also?.(draft, event) ?? [];
  if (row.to !== 'same') draft.status = row.to;
  const changed = fingerprint(draft) !== fingerprint(swap);
  if (changed) draft.time.update = event.now;
  return { ok: true, swap: draft, effects, changed };
}

function fingerprint(swap: Swap): string {
  return JSON.stringify(swap, (_key, value) => (typeof value === 'bigint' ? `${value}n` : value));
}
