import {
  TRANSFER_STATES,
  type TransferEvent,
  type TransferEventKind,
  type TransferFacts,
  type TransferRefusal,
  type TransferState,
} from './transfer.events';
import { TRANSFER_TRANSITIONS, type AnyTransferTransition } from './transfer.transitions';

export type TransferDecision =
  | {
      ok: true;
      from: TransferState;
      /** The state after it ('same' and 'wait' resolved to `from`). */
      to: TransferState;
      /** Nothing changes, nothing is written. */
      idle: boolean;
      /** It settles the transfer (CONFIRMED or FAILED): it never moves again. */
      ends: boolean;
      row: AnyTransferTransition;
    }
  | { ok: false; from: TransferState; event: TransferEventKind; refusal: TransferRefusal };

/** A decision the table took (not a refusal). */
export type TransferMove = Extract<TransferDecision, { ok: true }>;

/** The first row that takes `event` for `transfer`, if any. */
export function findTransferTransition(
  transfer: TransferFacts,
  event: TransferEvent,
): AnyTransferTransition | undefined {
  return TRANSFER_TRANSITIONS.find(
    (t) =>
      t.on === event.kind &&
      t.from.includes(transfer.state) &&
      (!t.guard || (t.guard as (f: TransferFacts, e: TransferEvent) => boolean)(transfer, event)),
  );
}

/** What `event` does to `transfer`, by the table; pure. */
export function transition(transfer: TransferFacts, event: TransferEvent): TransferDecision {
  const from = transfer.state;
  const row = findTransferTransition(transfer, event);
  if (!row) return { ok: false, from, event: event.kind, refusal: 'ILLEGAL_MOVE' };
  if (typeof row.to === 'object') return { ok: false, from, event: event.kind, refusal: row.to.reject };
  const to = row.to === 'same' || row.to === 'wait' ? from : row.to;
  const ends = SETTLED_STATES.includes(to) && !SETTLED_STATES.includes(from);
  return { ok: true, from, to, idle: row.to === 'wait', ends, row };
}

const acts = (row: AnyTransferTransition) => typeof row.to === 'string' && row.to !== 'wait';
const inOrder = (states: Iterable<TransferState>): TransferState[] => {
  const set = new Set(states);
  return TRANSFER_STATES.filter((state) => set.has(state));
};

/** The states in which a row takes `event` (other than to refuse it). */
export function takes(event: TransferEventKind): TransferState[] {
  return inOrder(TRANSFER_TRANSITIONS.filter((t) => t.on === event && acts(t)).flatMap((t) => t.from));
}

/** The states from which a row (of `event`, when given) moves a transfer to `target`. */
export function leadsTo(target: TransferState, event?: TransferEventKind): TransferState[] {
  const rows = TRANSFER_TRANSITIONS.filter((t) => t.to === target && (!event || t.on === event));
  return inOrder(rows.flatMap((t) => t.from.filter((state) => state !== target)));
}

/** The states in which a row postpones the transfer (tried again later). */
export const RETRYING_STATES: readonly TransferState[] = inOrder(
  TRANSFER_TRANSITIONS.filter((t) => t.retry).flatMap((t) => t.from),
);

/** States no row moves out of or writes on: CONFIRMED and FAILED. */
export const SETTLED_STATES: readonly TransferState[] = TRANSFER_STATES.filter(
  (state) => !TRANSFER_TRANSITIONS.some((t) => t.from.includes(state) && acts(t)),
);

/** Neither confirmed nor failed: the hot wallet has promised what it moves. */
export const UNSETTLED_STATES: readonly TransferState[] = TRANSFER_STATES.filter(
  (state) => !SETTLED_STATES.includes(state),
);

/** Signed and not settled: its bytes hold nonces and inputs, and are what the chain may mine. */
export const SIGNED_UNSETTLED_STATES: readonly TransferState[] = UNSETTLED_STATES.filter(
  // Neither waiting to be signed nor held before it.
  (state) => !takes('Signed').includes(state) && !takes('Approved').includes(state),
);

/** The state every transfer is recorded in first. */
export const FIRST_TRANSFER_STATE: TransferState = TRANSFER_STATES[0];
