import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';

/** A live connection as the replica keeps it: a heartbeat, and a clean end. */
export interface LiveConnection {
  /** Each ping period: a WebSocket that did not answer the last ping is closed, and pinged again. */
  beat(): void;
  /** The replica stops: the client is told, so it reconnects to another one. */
  shutdown(): void;
}

/** Every WebSocket and SSE stream this replica holds (D18): beaten every LIVE_PING_SECONDS, ended on shutdown. */
@Injectable()
export class LiveConnections implements BeforeApplicationShutdown {
  private readonly open = new Set<LiveConnection>();
  private readonly timer: NodeJS.Timeout;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.timer = setInterval(() => {
      for (const connection of this.open) connection.beat();
    }, config.LIVE_PING_SECONDS * 1000).unref();
  }

  /** Holds a connection until the returned function is called (when it closed). */
  add(connection: LiveConnection): () => void {
    this.open.add(connection);
    return () => this.open.delete(connection);
  }

  get size(): number {
    return this.open.size;
  }

  beforeApplicationShutdown(): void {
    clearInterval(this.timer);
    for (const connection of this.open) connection.shutdown();
    this.open.clear();
  }
}
