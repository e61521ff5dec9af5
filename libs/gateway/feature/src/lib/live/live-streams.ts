import type { ApiKeyInfo } from '@swap/contracts';
import type { Logger } from '@swap/domain';
import type { SwapViews } from '@swap/gateway-data';
import type { OrderRendering } from '../swap/render-order';
import { findSwapByToken, findVisibleSwap } from '../swap/swap-access';
import { LiveEvents } from './live-events';
import { LiveHub } from './live-hub';
import { LiveSession, type LiveSink, type SwapHistory } from './live-session';

/** D18's limits (the README names them). */
export interface LiveLimits {
  subscriptionsPerConnection: number;
  /** WebSocket connections of one key, and SSE streams of one client IP, on one replica. */
  connectionsPerKey: number;
}

/** D18's live events on this replica: the WebSocket's sessions of a key, the SSE streams of a swap's token. */
export class LiveStreams {
  readonly hub: LiveHub;
  readonly events: LiveEvents;

  constructor(
    private readonly views: SwapViews,
    private readonly history: SwapHistory,
    rendering: OrderRendering,
    readonly limits: LiveLimits,
    private readonly logger: Logger,
  ) {
    this.hub = new LiveHub(limits.connectionsPerKey);
    this.events = new LiveEvents(rendering);
  }

  /** A key's WebSocket session (D1's ownership or the swap's token), or null past the key's connections. */
  connect(key: ApiKeyInfo, sink: LiveSink): LiveSession | null {
    return this.session(key.key, this.limits.subscriptionsPerConnection, sink, (id, token) =>
      findVisibleSwap(this.views, { id, token }, key),
    );
  }

  /** One swap's SSE stream, by its token alone (D17's discipline), or null past the IP's streams. */
  connectPublic(ip: string, sink: LiveSink): LiveSession | null {
    return this.session(`ip:${ip}`, 1, sink, (id, token) => findSwapByToken(this.views, id, token));
  }

  disconnect(session: LiveSession): void {
    session.close();
    this.hub.disconnect(session.key);
  }

  private session(
    key: string,
    subscriptions: number,
    sink: LiveSink,
    authorize: (id: string, token: string | undefined) => ReturnType<typeof findSwapByToken>,
  ): LiveSession | null {
    if (!this.hub.connect(key)) return null;
    const deps = { hub: this.hub, history: this.history, logger: this.logger };
    return new LiveSession(deps, key, subscriptions, authorize, sink);
  }
}
