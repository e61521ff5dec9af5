import { computeSignature, newNonce } from './signature';
import type { StreamSwapUpdated, SwapStatus } from './types';

/** What the SDK needs of a WebSocket: the WHATWG interface (Node 22's global, browsers, the `ws` package). */
export interface WebSocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface LiveOptions {
  /**
   * The WebSocket class: globalThis.WebSocket by default (Node 22+, browsers). On Node 20, which
   * has none, pass one, e.g. `import WebSocket from 'ws'`.
   */
  WebSocket?: WebSocketConstructor;
  /** Waits between reconnects: doubled from initialMs (default 500 ms) up to maxMs (default 15 s). */
  reconnect?: { initialMs?: number; maxMs?: number };
}

export interface WatchOptions extends LiveOptions {
  /** The swap's token, to follow a swap of another key. */
  token?: string;
  /** The version you have: every later one comes first, then the live ones. */
  after?: number;
}

/** A live stream of swap versions: iterate it (for await), close() it when done. */
export interface LiveSwapEvents extends AsyncIterable<StreamSwapUpdated> {
  close(): void;
}

const FINAL: readonly SwapStatus[] = ['DONE', 'EXPIRED', 'REFUNDED'];
/** Swaps stream() resumes one by one after a reconnect (the server limits subscriptions per connection). */
const RESUMED_SWAPS = 50;

export class LiveStreamError extends Error {}

type Subscribe =
  { op: 'subscribe'; id: string; token?: string; after?: number } | { op: 'subscribe'; all: true };

/**
 * D18's WebSocket for the SDK: signs the upgrade with the query parameters (a WebSocket cannot
 * carry headers everywhere), subscribes, and on a lost connection reconnects with backoff and
 * subscribes again from the last version seen of each swap, so the iteration misses nothing and
 * repeats nothing. `Swap not found` ends it with a LiveStreamError.
 */
export class LiveFeed implements LiveSwapEvents {
  private readonly queue: StreamSwapUpdated[] = [];
  private readonly seen = new Map<string, { version: number; status: SwapStatus }>();
  private waiter: (() => void) | undefined;
  private socket: WebSocketLike | undefined;
  private failure: Error | undefined;
  private closed = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly url: () => string,
    private readonly subscriptions: (
      seen: ReadonlyMap<string, { version: number; status: SwapStatus }>,
    ) => Subscribe[],
    private readonly options: LiveOptions,
  ) {
    this.connect();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.socket?.close(1000, 'closed by the client');
    this.wake();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<StreamSwapUpdated> {
    try {
      for (;;) {
        const next = this.queue.shift();
        if (next) {
          yield next;
          continue;
        }
        if (this.failure) throw this.failure;
        if (this.closed) return;
        await new Promise<void>((resolve) => (this.waiter = resolve));
      }
    } finally {
      this.close();
    }
  }

  private connect(): void {
    const WebSocketClass =
      this.options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!WebSocketClass) {
      this.failure = new LiveStreamError(
        'No WebSocket class: pass options.WebSocket (e.g. the ws package) on Node 20',
      );
      return this.wake();
    }
    const socket = new WebSocketClass(this.url());
    this.socket = socket;
    socket.addEventListener('open', () => {
      for (const message of this.subscriptions(this.seen)) socket.send(JSON.stringify(message));
    });
    socket.addEventListener('message', (event) => this.receive(String(event.data)));
    socket.addEventListener('error', () => undefined); // a close follows
    socket.addEventListener('close', () => {
      if (this.socket !== socket || this.closed) return;
      const { initialMs = 500, maxMs = 15_000 } = this.options.reconnect ?? {};
      const wait = Math.min(maxMs, initialMs * 2 ** this.attempt++);
      this.timer = setTimeout(() => this.connect(), wait / 2 + (Math.random() * wait) / 2);
    });
  }

  private receive(text: string): void {
    const message = JSON.parse(text) as
      StreamSwapUpdated | { type: 'subscribed' } | { type: 'error'; msg: string };
    if (message.type === 'subscribed') {
      this.attempt = 0;
      return;
    }
    if (message.type === 'error') {
      if (message.msg === 'Swap not found') {
        this.failure = new LiveStreamError(message.msg);
        this.close();
      } else this.socket?.close(4000, message.msg); // reconnects: a limit or an outage may pass
      return;
    }
    const last = this.seen.get(message.data.id);
    if (last && message.version <= last.version) return;
    this.seen.set(message.data.id, { version: message.version, status: message.data.status });
    this.queue.push(message);
    this.wake();
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }
}

/** The signed URL of the stream (D18): a fresh nonce and timestamp on every connection. */
export function streamUrl(base: URL, key: string, secret: string): string {
  const url = new URL('swap/stream', base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = newNonce();
  const sign = computeSignature(secret, {
    timestamp: ts,
    nonce,
    method: 'GET',
    path: url.pathname,
    body: '',
  });
  url.search = new URLSearchParams({ key, ts, nonce, sign }).toString();
  return url.toString();
}

/** watch(): one swap, from `after` or now, resumed from the last version seen. */
export function watchSubscriptions(id: string, options: WatchOptions) {
  return (seen: ReadonlyMap<string, { version: number }>): Subscribe[] => {
    const after = seen.get(id)?.version ?? options.after;
    return [
      {
        op: 'subscribe',
        id,
        ...(options.token ? { token: options.token } : {}),
        ...(after !== undefined ? { after } : {}),
      },
    ];
  };
}

/** stream(): every swap of the key from now on; after a reconnect, also the unfinished ones seen, from their last version. */
export function streamSubscriptions(
  seen: ReadonlyMap<string, { version: number; status: SwapStatus }>,
): Subscribe[] {
  const unfinished = [...seen].filter(([, last]) => !FINAL.includes(last.status)).slice(-RESUMED_SWAPS);
  return [
    { op: 'subscribe', all: true },
    ...unfinished.map(([id, last]): Subscribe => ({ op: 'subscribe', id, after: last.version })),
  ];
}
