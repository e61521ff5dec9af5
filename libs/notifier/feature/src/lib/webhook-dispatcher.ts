import type { Clock, Logger } from '@swap/domain';
import type {
  AttemptOutcome,
  AttemptResult,
  ClaimedEvent,
  EventRepository,
  RecordedAttempt,
} from '@swap/notifier-data';
import { BatchWriter } from '@swap/persistence';
import { logFailure } from '@swap/service-kit';
import { postWebhook } from './post-webhook';
import { attemptOutcome } from './retry-schedule';
import { webhookHeaders } from './webhook-signature';

export interface DispatcherSettings {
  /** Attempts under way at once in this process. */
  concurrency: number;
  /** Attempts under way at once for one key: a slow receiver holds at most this many slots. */
  perKey: number;
  /** D12: a 2xx within this long is a delivery. */
  timeoutMs: number;
  /** Seconds between failed attempts of a round (D12's schedule by default). */
  schedule: readonly number[];
  /** How long an idle dispatcher waits before looking for due events again. */
  idleMs: number;
  /** See ClaimOptions.orphanAfterSeconds. */
  orphanAfterSeconds: number;
  /** WEBHOOK_ALLOW_PRIVATE (see postWebhook). */
  allowPrivate: boolean;
}

export interface DispatcherDeps {
  events: EventRepository;
  /** Opens a secret of the key's webhook (SecretBox.open, bound to the webhook's row). */
  openSecret: (sealed: string, key: string) => string;
  /** Removes a key's webhook (a receiver answered 410 Gone). */
  removeWebhook: (key: string) => Promise<unknown>;
  onAttempt?: (result: AttemptResult, outcome: AttemptOutcome) => void;
  logger: Logger;
  clock: Clock;
}

/**
 * Sends due events, each claimed from the database for one attempt (so replicas share the work
 * and a replica that dies mid-attempt only delays its events until their lease runs out: at least
 * once). A slow or dead receiver only ever holds `perKey` of the `concurrency` slots, and nothing
 * here is on the path of a swap or of the gateway.
 */
export class WebhookDispatcher {
  /** Requests under way per key, and in all (an attempt's recording runs after its slot is free). */
  private readonly perKey = new Map<string, number>();
  private sending = 0;
  /**
   * Events claimed ahead, waiting for a slot of their key: the next attempt starts as soon as one
   * ends, without a round trip to the database in between (each claim fetches many at once).
   */
  private readonly queued = new Map<string, ClaimedEvent[]>();
  private queuedCount = 0;
  private readonly running = new Set<Promise<void>>();
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private loop: Promise<void> | null = null;
  private stopped = true;
  /** Attempts that end in one event-loop turn are recorded in one transaction. */
  private readonly recorder: BatchWriter<RecordedAttempt, void>;

  constructor(
    private readonly deps: DispatcherDeps,
    private readonly settings: DispatcherSettings,
  ) {
    this.recorder = new BatchWriter(
      async (batch) => {
        await deps.events.recordAttempts(batch);
        return batch.map(() => undefined);
      },
      { keyOf: (attempt) => attempt.event.eventId },
    );
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  /** New events are pending: look now rather than after the idle pause. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** No new attempts; resolves once the ones under way have been recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
    // Claimed ahead and not started: another replica (or this one, restarted) may take them now.
    const waiting = [...this.queued.values()].flat();
    this.queued.clear();
    this.queuedCount = 0;
    await this.deps.events
      .unclaim(waiting.map((event) => event.eventId))
      .catch((err: unknown) => logFailure(this.deps.logger, err, 'webhook claims could not be handed back'));
    await Promise.all(this.running);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.startQueued();
      const room = 2 * this.settings.concurrency - this.running.size - this.queuedCount;
      let claimed: ClaimedEvent[] = [];
      if (room > 0) {
        try {
          claimed = await this.deps.events.claim({
            limit: room,
            busyKeys: this.fullKeys(),
            leaseSeconds: this.leaseSeconds,
            orphanAfterSeconds: this.settings.orphanAfterSeconds,
          });
        } catch (err) {
          logFailure(this.deps.logger, err, 'webhook events could not be claimed');
        }
      }
      for (const event of claimed) this.enqueue(event);
      this.startQueued();
      // Nothing due, or no room: wait for an attempt to end, new events or the idle pause.
      if (claimed.length === 0 || claimed.length === room) await this.pause();
    }
  }

  /**
   * A claim outlasts an attempt (the request's timeout, then recording it) even after waiting in
   * the queue behind its key's attempts under way (one more timeout at most).
   */
  private get leaseSeconds(): number {
    return Math.ceil((3 * this.settings.timeoutMs) / 1000) + 5;
  }

  /** Keys with as many attempts under way and claimed ahead as they may have: not claimed now. */
  private fullKeys(): string[] {
    const keys = new Set([...this.perKey.keys(), ...this.queued.keys()]);
    return [...keys].filter(
      (key) => (this.perKey.get(key) ?? 0) + (this.queued.get(key)?.length ?? 0) >= 2 * this.settings.perKey,
    );
  }

  private enqueue(event: ClaimedEvent): void {
    const list = this.queued.get(event.key);
    if (list) list.push(event);
    else this.queued.set(event.key, [event]);
    this.queuedCount++;
  }

  /** Starts claimed events while there are free slots, overall and for their key. */
  private startQueued(): void {
    for (const [key, list] of this.queued) {
      while (
        list.length > 0 &&
        this.sending < this.settings.concurrency &&
        (this.perKey.get(key) ?? 0) < this.settings.perKey
      ) {
        this.queuedCount--;
        this.launch(list.shift() as ClaimedEvent);
      }
      if (list.length === 0) this.queued.delete(key);
    }
  }

  private pause(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.settings.idleMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        this.woken = false;
        done();
      };
    });
  }

  private launch(event: ClaimedEvent): void {
    this.sending++;
    this.perKey.set(event.key, (this.perKey.get(event.key) ?? 0) + 1);
    let slotHeld = true;
    // The key's slot bounds the requests to its receiver: it is free once the answer is in, while
    // the attempt is recorded (the lease and the order per swap do not depend on the slot).
    const freeSlot = () => {
      if (!slotHeld) return;
      slotHeld = false;
      this.sending--;
      const left = (this.perKey.get(event.key) ?? 1) - 1;
      if (left === 0) this.perKey.delete(event.key);
      else this.perKey.set(event.key, left);
      this.wake();
    };
    const attempt = this.attempt(event, freeSlot)
      .catch((err: unknown) =>
        // Not recorded: the lease runs out and the event is attempted again (at least once).
        logFailure(this.deps.logger, err, 'a webhook attempt could not be recorded', {
          eventId: event.eventId,
        }),
      )
      .finally(() => {
        freeSlot();
        this.running.delete(attempt);
        this.wake();
      });
    this.running.add(attempt);
  }

  private async attempt(event: ClaimedEvent, answered: () => void): Promise<void> {
    const { previousSecret } = event;
    const secrets = {
      current: this.deps.openSecret(event.secretSealed, event.key),
      previous: previousSecret && {
        secret: this.deps.openSecret(previousSecret.sealed, event.key),
        until: previousSecret.until.getTime(),
      },
    };
    const result = await postWebhook(
      event.url,
      event.body,
      webhookHeaders(event.eventId, secrets, this.deps.clock(), event.body),
      {
        timeoutMs: this.settings.timeoutMs,
        allowPrivate: this.settings.allowPrivate,
        clock: this.deps.clock,
      },
    );
    answered();
    const gone = result.httpStatus === 410;
    const outcome: AttemptOutcome = gone
      ? { state: 'given_up' }
      : attemptOutcome(result, event.roundAttempts, this.settings.schedule, this.deps.clock());
    await this.recorder.write({ event, result, outcome });
    this.deps.onAttempt?.(result, outcome);
    if (gone) {
      await this.deps.removeWebhook(event.key);
      this.deps.logger.warn(
        { key: event.key, url: event.url },
        'webhook removed: its receiver answered 410 Gone',
      );
    } else if (outcome.state === 'given_up') {
      this.deps.logger.warn(
        { key: event.key, eventId: event.eventId, url: event.url },
        'webhook event given up after its last retry',
      );
    }
  }
}
