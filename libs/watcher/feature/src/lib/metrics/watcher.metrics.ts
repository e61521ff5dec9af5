import { Gauge, type Registry } from 'prom-client';
import type { Network } from '@swap/domain';

/** What a watcher tells of its progress through the chain (the metrics, or nothing in tests). */
export interface WatcherProgress {
  /** Whether this replica holds the network's lease (follows the chain) after a poll. */
  following(holds: boolean): void;
  /** The node answered with its tip. */
  tip(height: number): void;
  /** The node could not be asked for its tip. */
  nodeUnreachable(): void;
  /** The cursor after a poll: the last block processed. */
  processed(height: number): void;
  /** A poll ended without an error, at UNIX milliseconds `at`. */
  polled(at: number): void;
}

export const NO_PROGRESS: WatcherProgress = {
  following: () => undefined,
  tip: () => undefined,
  nodeUnreachable: () => undefined,
  processed: () => undefined,
  polled: () => undefined,
};

/**
 * The watcher's gauges (D16), labelled with its network. Only the replica following the chain
 * reports heights, the node and polls: a standby drops them on losing the lease, so the series
 * of a network are the follower's, whichever replica that is.
 */
export class WatcherMetrics implements WatcherProgress {
  private readonly labels: { network: Network };
  private readonly followingGauge: Gauge<'network'>;
  private readonly followerGauges: Array<Gauge<'network'>>;
  private readonly tipGauge: Gauge<'network'>;
  private readonly processedGauge: Gauge<'network'>;
  private readonly nodeUpGauge: Gauge<'network'>;
  private readonly polledGauge: Gauge<'network'>;

  constructor(registry: Registry, network: Network) {
    this.labels = { network };
    const gauge = (name: string, help: string) =>
      new Gauge({ name, help, labelNames: ['network'], registers: [registry] });
    this.followingGauge = gauge(
      'swap_watcher_following',
      '1 while this replica holds the network lease and follows the chain, 0 while it stands by',
    );
    this.tipGauge = gauge('swap_watcher_tip_height', "Height of the node's best block at the last poll");
    this.processedGauge = gauge(
      'swap_watcher_processed_height',
      'Height of the last block the watcher processed (its cursor)',
    );
    this.nodeUpGauge = gauge(
      'swap_watcher_node_up',
      '1 when the node answered the last poll with its tip, 0 when it could not be asked',
    );
    this.polledGauge = gauge(
      'swap_watcher_last_poll_timestamp_seconds',
      'UNIX time of the last poll of the chain that ended without an error',
    );
    this.followerGauges = [this.tipGauge, this.processedGauge, this.nodeUpGauge, this.polledGauge];
  }

  following(holds: boolean): void {
    this.followingGauge.set(this.labels, holds ? 1 : 0);
    if (!holds) for (const gauge of this.followerGauges) gauge.remove(this.labels);
  }

  tip(height: number): void {
    this.tipGauge.set(this.labels, height);
    this.nodeUpGauge.set(this.labels, 1);
  }

  nodeUnreachable(): void {
    this.nodeUpGauge.set(this.labels, 0);
  }

  processed(height: number): void {
    this.processedGauge.set(this.labels, height);
  }

  polled(at: number): void {
    this.polledGauge.set(this.labels, at / 1000);
  }
}
