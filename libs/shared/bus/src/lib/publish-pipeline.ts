import type { Msg, MsgHdrs } from '@nats-io/nats-core';
import { BusUnavailableError, toUnavailable } from './errors';
import type { PublishResult } from './publish';

/** The part of a NATS connection the pipeline uses. */
export interface PipelineConnection {
  publish(subject: string, payload: Uint8Array, options: { reply: string; headers: MsgHdrs }): void;
  subscribe(
    subject: string,
    options: { callback: (err: Error | null, msg: Msg) => void },
  ): { unsubscribe(): void };
}

export interface PublishPipelineOptions {
  /** A subject no one else replies to, e.g. createInbox(); acks arrive on `<inbox>.<n>`. */
  inbox: string;
  /** Gives up on an ack after this long, as a JetStream publish does. */
  timeoutMs?: number;
  /** Where a pending publish waits: by default the end of the current event-loop turn. */
  schedule?: (flush: () => void) => void;
}

/** The stream refused the message (its ack carries an API error). */
export class PublishRefusedError extends Error {
  override readonly name = 'PublishRefusedError';

  constructor(
    readonly subject: string,
    readonly code: number | undefined,
    description: string,
  ) {
    super(`${subject}: the stream refused the message: ${description}`);
  }
}

interface Pending {
  subject: string;
  resolve(result: PublishResult): void;
  reject(error: unknown): void;
  deadline: number;
}

interface Queued {
  subject: string;
  payload: Uint8Array;
  headers: MsgHdrs;
  token: number;
}

const decoder = new TextDecoder();

/**
 * JetStream publishes for a hot path (the gateway's nonces): the same messages a JetStream client
 * sends, each awaiting its own PubAck, so the server decides each as it would any publish (a
 * repeated Nats-Msg-Id within the stream's window is a duplicate, for everyone). What changes is
 * the client side: one ack subscription for all publishes instead of a request object, timer and
 * error per call, and the publishes of one event-loop turn leave in one socket write.
 */
export class PublishPipeline {
  private readonly pending = new Map<number, Pending>();
  private queue: Queued[] = [];
  private next = 1;
  private readonly subscription: { unsubscribe(): void };
  private readonly sweeper: ReturnType<typeof setInterval>;
  private readonly timeoutMs: number;
  private readonly schedule: (flush: () => void) => void;

  constructor(
    private readonly connection: PipelineConnection,
    private readonly options: PublishPipelineOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.schedule = options.schedule ?? ((flush) => setImmediate(flush));
    this.subscription = connection.subscribe(`${options.inbox}.*`, {
      callback: (err, msg) => this.answer(err, msg),
    });
    this.sweeper = setInterval(() => this.expire(Date.now()), Math.min(1_000, this.timeoutMs));
    this.sweeper.unref();
  }

  get inFlight(): number {
    return this.pending.size;
  }

  /** The stream's ack: stored at `seq`, or a duplicate of a message already stored. */
  publish(subject: string, payload: Uint8Array, headers: MsgHdrs): Promise<PublishResult> {
    const token = this.next++;
    return new Promise<PublishResult>((resolve, reject) => {
      this.pending.set(token, { subject, resolve, reject, deadline: Date.now() + this.timeoutMs });
      if (this.queue.length === 0) this.schedule(() => this.flush());
      this.queue.push({ subject, payload, headers, token });
    });
  }

  /** Fails whatever is still waiting; later publishes are not answered. */
  close(): void {
    clearInterval(this.sweeper);
    this.subscription.unsubscribe();
    this.queue = [];
    for (const [token, waiting] of this.pending) {
      this.pending.delete(token);
      waiting.reject(new BusUnavailableError(waiting.subject, 'disconnected'));
    }
  }

  private flush(): void {
    const queue = this.queue;
    this.queue = [];
    for (const { subject, payload, headers, token } of queue) {
      try {
        this.connection.publish(subject, payload, { reply: `${this.options.inbox}.${token}`, headers });
      } catch (err) {
        this.settle(token, (waiting) => waiting.reject(toUnavailable(subject, err)));
      }
    }
  }

  private answer(err: Error | null, msg: Msg): void {
    const token = Number(msg?.subject.slice(this.options.inbox.length + 1));
    this.settle(token, (waiting) => {
      if (err) waiting.reject(toUnavailable(waiting.subject, err));
      else if (msg.headers?.code === 503)
        // No stream listens on the subject (not created yet, or its server is away).
        waiting.reject(new BusUnavailableError(waiting.subject, 'no-responders'));
      else readAck(waiting, msg.data);
    });
  }

  private expire(now: number): void {
    for (const [token, waiting] of this.pending) {
      if (waiting.deadline > now) continue;
      // Unknown outcome (the message may be stored): an error, as a timed-out JetStream publish gives.
      this.settle(token, (w) => w.reject(new BusUnavailableError(w.subject, 'timeout')));
    }
  }

  private settle(token: number, how: (waiting: Pending) => void): void {
    const waiting = this.pending.get(token);
    if (!waiting) return;
    this.pending.delete(token);
    how(waiting);
  }
}

/** A PubAck {"stream","seq","duplicate"?}, or {"error":{"code","description"}}. */
function readAck(waiting: Pending, data: Uint8Array): void {
  let ack: { seq?: unknown; duplicate?: unknown; error?: { code?: number; description?: string } };
  try {
    ack = JSON.parse(decoder.decode(data)) as typeof ack;
  } catch {
    waiting.reject(new PublishRefusedError(waiting.subject, undefined, 'unreadable ack'));
    return;
  }
  if (ack.error !== undefined || typeof ack.seq !== 'number') {
    const description = ack.error?.description ?? 'no sequence in the ack';
    waiting.reject(new PublishRefusedError(waiting.subject, ack.error?.code, description));
    return;
  }
  waiting.resolve({ seq: ack.seq, duplicate: ack.duplicate === true });
}
