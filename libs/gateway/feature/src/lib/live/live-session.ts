import type { SwapSnapshot } from '@swap/contracts';
import { isSwapError, type Logger } from '@swap/domain';
import type { LiveHub, LiveListener } from './live-hub';
import { LiveSubscriptions } from './live-subscriptions';
import { parseClientMessage, STREAM_ERRORS, type StreamServerMessage } from './stream-messages';

/** The versions of one swap the event stream still holds, oldest first. */
export interface SwapHistory {
  versions(id: string): Promise<SwapSnapshot[]>;
}

/** The swap a subscription may follow, or a SwapError 404 (unknown id, wrong token, another key's). */
export type AuthorizeSwap = (id: string, token: string | undefined) => Promise<SwapSnapshot>;

/** Where a session's output goes: the transport's framing (a WebSocket frame, an SSE event). */
export interface LiveSink {
  swap(snapshot: SwapSnapshot): void;
  reply(message: StreamServerMessage): void;
}

export interface LiveSessionDeps {
  hub: LiveHub;
  history: SwapHistory;
  logger: Logger;
}

/**
 * One live connection (D18): its client's messages, in the order they came, and the swap versions
 * the hub offers it. `after` resumes from the event stream's stored versions, merged with the live
 * ones by version (see LiveSubscriptions), so nothing is skipped or sent twice at the seam.
 */
export class LiveSession implements LiveListener {
  private readonly subscriptions: LiveSubscriptions;
  private turn: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly deps: LiveSessionDeps,
    readonly key: string,
    subscriptionLimit: number,
    private readonly authorize: AuthorizeSwap,
    private readonly sink: LiveSink,
  ) {
    this.subscriptions = new LiveSubscriptions(key, subscriptionLimit);
  }

  /** A client frame; handled after the ones before it. */
  receive(text: string): Promise<void> {
    this.turn = this.turn
      .then(() => this.handle(text))
      .catch((error: unknown) => {
        this.deps.logger.warn({ err: (error as Error).message }, 'live subscription failed');
        this.refuse(STREAM_ERRORS.unavailable);
      });
    return this.turn;
  }

  async subscribe(id: string, token?: string, after?: number): Promise<void> {
    try {
      await this.authorize(id, token);
    } catch (error) {
      if (!isSwapError(error) || error.status !== 404) throw error;
      return this.refuse(STREAM_ERRORS.notFound);
    }
    if (this.closed) return;
    if (!this.subscriptions.follow(id, after))
      return this.refuse(STREAM_ERRORS.tooManySubscriptions(this.subscriptions.limit));
    this.deps.hub.watchSwap(id, this);
    this.sink.reply({ type: 'subscribed', id });
    let stored: SwapSnapshot[] = [];
    if (after !== undefined) {
      try {
        stored = await this.deps.history.versions(id);
      } catch (error) {
        this.unsubscribe(id);
        throw error;
      }
    }
    if (this.closed) return;
    for (const snapshot of this.subscriptions.replayed(id, stored)) this.sink.swap(snapshot);
  }

  offer(snapshot: SwapSnapshot): void {
    if (this.closed) return;
    const sendable = this.subscriptions.offer(snapshot);
    if (sendable) this.sink.swap(sendable);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribeAll();
    for (const id of this.subscriptions.followed()) this.unsubscribe(id);
  }

  private async handle(text: string): Promise<void> {
    if (this.closed) return;
    const message = parseClientMessage(text);
    if ('error' in message) return this.refuse(message.error);
    if (message.op === 'subscribe') {
      if ('all' in message) return this.subscribeAll();
      return this.subscribe(message.id, message.token, message.after);
    }
    if ('all' in message) this.unsubscribeAll();
    else this.unsubscribe(message.id);
  }

  private subscribeAll(): void {
    if (!this.subscriptions.followAll())
      return this.refuse(STREAM_ERRORS.tooManySubscriptions(this.subscriptions.limit));
    this.deps.hub.watchKey(this);
    this.sink.reply({ type: 'subscribed', all: true });
  }

  private unsubscribe(id: string): void {
    this.subscriptions.unfollow(id);
    this.deps.hub.unwatchSwap(id, this);
  }

  private unsubscribeAll(): void {
    this.subscriptions.unfollowAll();
    this.deps.hub.unwatchKey(this);
  }

  private refuse(msg: string): void {
    if (!this.closed) this.sink.reply({ type: 'error', msg });
  }
}
