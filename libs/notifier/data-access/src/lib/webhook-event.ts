/** Where an event stands: waiting for (another) attempt, done, or not for any webhook. */
export type EventState = 'pending' | 'delivered' | 'given_up' | 'skipped';

/** One swap change as the notifier read it from the bus (D12's event). */
export interface NewEvent {
  eventId: string;
  key: string;
  swapId: string;
  version: number;
  /** The exact JSON body POSTed on every attempt (its `id` is the event id). */
  body: string;
}

/** A pending event claimed for one attempt, with where and how to send it. */
export interface ClaimedEvent {
  eventId: string;
  key: string;
  swapId: string;
  body: string;
  /** Attempts made before this one (the claim's guard when the result is recorded). */
  attempts: number;
  /** Attempts of this round made before this one (a redelivery starts a round: its schedule restarts). */
  roundAttempts: number;
  url: string;
  secretSealed: string;
  /** The secret the current one replaced, sealed, and until when attempts are signed with it too. */
  previousSecret: { sealed: string; until: Date } | null;
}

/** What one attempt came to. */
export interface AttemptResult {
  url: string;
  httpStatus: number | null;
  ok: boolean;
  error: string | null;
  durationMs: number;
}

/** The event after an attempt: delivered, given up, or pending with its next attempt. */
export type AttemptOutcome =
  { state: 'delivered' } | { state: 'given_up' } | { state: 'pending'; nextAttemptAt: Date };

/** One attempt to record: the claimed event, what the receiver did, and what follows. */
export interface RecordedAttempt {
  event: ClaimedEvent;
  result: AttemptResult;
  outcome: AttemptOutcome;
}

export interface DeliveryRow {
  eventId: string;
  key: string;
  swapId: string;
  attempt: number;
  url: string;
  at: Date;
  httpStatus: number | null;
  ok: boolean;
  error: string | null;
  durationMs: number;
  eventState: Exclude<EventState, 'skipped'>;
  nextAttemptAt: Date | null;
}
