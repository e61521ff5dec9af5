import { headers, type Msg, type MsgHdrs } from '@nats-io/nats-core';

/** The part of a NATS connection the pipeline uses. */
export interface PipelineConnection {
  publish(subject: string, payload: Uint8Array, options: { reply: string; headers: MsgHdrs }): void;
  subscribe(
    subject: string,
    options: { callback: (err: Error | null, msg: Msg) => void },
  ): { unsubscribe(): void };
}

export interface KvCreatePipelineOptions {
  /** A subject no one else replies to, e.g. createInbox(); replies arrive on `<inbox>.<n>`. */
  inbox: string;
  /** Gives up on an answer after this long (the server's ack, like a JetStream publish). */
  timeoutMs?: number;
  /** Where a pending publish waits: by default the end of the current event-loop turn. */
  schedule?: (flush: () => void) => void;
}

/** Server-side guarantee of a create: the key's last sequence must be 0 (no value yet). */
export const EXPECTED_LAST_SUBJECT_SEQUENCE = 'Nats-Expected-Last-Subject-Sequence';

interface Pending {
  resolve(created: boolean): void;
  reject(error: unknown): void;
  /** The full, library-driven create, for every answer other than a plain "stored". */
  fallback(): Promise<boolean>;
  deadline: number;
}

interface Queued {
  subject: string;
  payload: Uint8Array;
  token: number;
}

const decoder = new TextDecoder();

export class KvCreateTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`kv create not acknowledged within ${timeoutMs} ms`);
    this.name = 'KvCreateTimeoutError';
  }
}

/**
 * KV creates as raw JetStream publishes with the create precondition header, the same message the
 * KV client sends, so the server still refuses a second create of a key atomically for everyone.
 * What changes is the client side: one reply subscription for all creates instead of a request
 * object, timer and error per call, and the publishes of one event-loop turn leave in one socket
 * write. Only an ack ("stored at seq n") is decided here; any other answer (the key exists, no
 * responders, an API error) goes through `fallback`, the KV client's create, which decides it; no
 * answer in time is an error, as for the KV client.
 */
export class KvCreatePipeline {
  private readonly pending = new Map<number, Pending>();
  private queue: Queued[] = [];
  private next = 1;
  private readonly headers: MsgHdrs;
  private readonly subscription: { unsubscribe(): void };
  private readonly sweeper: ReturnType<typeof setInterval>;
  private readonly timeoutMs: number;
  private readonly schedule: (flush: () => void) => void;

  constructor(
    private readonly connection: PipelineConnection,
    private readonly options: KvCreatePipelineOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.schedule = options.schedule ?? ((flush) => setImmediate(flush));
    this.headers = headers();
    this.headers.set(EXPECTED_LAST_SUBJECT_SEQUENCE, '0');
    this.subscription = connection.subscribe(`${options.inbox}.*`, {
      callback: (err, msg) => this.answer(err, msg),
    });
    this.sweeper = setInterval(() => this.expire(Date.now()), Math.min(1_000, this.timeoutMs));
    this.sweeper.unref();
  }

  get inFlight(): number {
    return this.pending.size;
  }

  /**
   * True when this call stored the key; otherwise the result of `fallback` (false for a key that
   * exists). `subject` is the key's edit subject, `payload` the encoded value.
   */
  create(subject: string, payload: Uint8Array, fallback: () => Promise<boolean>): Promise<boolean> {
    const token = this.next++;
    return new Promise<boolean>((resolve, reject) => {
      this.pending.set(token, { resolve, reject, fallback, deadline: Date.now() + this.timeoutMs });
      if (this.queue.length === 0) this.schedule(() => this.flush());
      this.queue.push({ subject, payload, token });
    });
  }

  /** Fails whatever is still waiting; later creates are not answered. */
  close(): void {
    clearInterval(this.sweeper);
    this.subscription.unsubscribe();
    this.queue = [];
    for (const [token, waiting] of this.pending) {
      this.pending.delete(token);
      waiting.reject(new Error('kv create pipeline closed'));
    }
  }

  private flush(): void {
    const queue = this.queue;
    this.queue = [];
    for (const { subject, payload, token } of queue) {
      try {
        this.connection.publish(subject, payload, {
          reply: `${this.options.inbox}.${token}`,
          headers: this.headers,
        });
      } catch (err) {
        this.settle(token, (waiting) => waiting.reject(err));
      }
    }
  }

  private answer(err: Error | null, msg: Msg): void {
    const token = Number(msg?.subject.slice(this.options.inbox.length + 1));
    this.settle(token, (waiting) => {
      if (!err && isStored(msg)) waiting.resolve(true);
      else waiting.fallback().then(waiting.resolve, waiting.reject);
    });
  }

  private expire(now: number): void {
    for (const [token, waiting] of this.pending) {
      if (waiting.deadline > now) continue;
      // Unknown outcome (the write may have happened): an error, as a timed-out KV create gives.
      this.settle(token, (w) => w.reject(new KvCreateTimeoutError(this.timeoutMs)));
    }
  }

  private settle(token: number, how: (waiting: Pending) => void): void {
    const waiting = this.pending.get(token);
    if (!waiting) return;
    this.pending.delete(token);
    how(waiting);
  }
}

/** A JetStream publish ack: {"stream":"KV_…","seq":n} with no error and no status header. */
function isStored(msg: Msg): boolean {
  if (msg.headers?.hasError || msg.data.length === 0) return false;
  try {
    const ack = JSON.parse(decoder.decode(msg.data)) as {
      error?: unknown;
      seq?: unknown;
      duplicate?: unknown;
    };
    return ack.error === undefined && typeof ack.seq === 'number' && ack.seq > 0 && ack.duplicate !== true;
  } catch {
    return false;
  }
}
