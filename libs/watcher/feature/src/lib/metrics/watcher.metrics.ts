import { Gauge, type Registry } from 'prom-client';
import type { Network, Clock } from '@swap/domain';

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

/** What this replica last heard of its node, for readiness (times in UNIX milliseconds). */
export interface NodeContact {
  /** Whether this replica follows the chain (only the follower asks the node). */
  following: boolean;
  /** When the node last answered with its tip; null: not since this replica follows. */
  answeredAt: number | null;
  /** When the current run of failed tip reads began; null while the node answers. */
  failingSince: number | null;
  /** Tip reads failed in a row. */
  failures: number;
}

/**
 * The watcher's gauges (D16), labelled with its network. Only the replica following the chain
 * reports heights, the node and polls: a standby drops them on losing the lease, so the series
 * of a network are the follower's, whichever replica that is. What the node answered is also
 * kept as NodeContact, which readiness reads.
 */
export class WatcherMetrics implements WatcherProgress {
  private readonly labels: { network: Network };
  private readonly followingGauge: Gauge<'network'>;
  private readonly followerGauges: Array<Gauge<'network'>>;
  private readonly tipGauge: Gauge<'network'>;
  private readonly processedGauge: Gauge<'network'>;
  private readonly nodeUpGauge: Gauge<'network'>;
  private readonly polledGauge: Gauge<'network'>;
  private contact: NodeContact = { following: false, answeredAt: null, failingSince: null, failures: 0 };

  constructor(
    registry: Registry,
    network: Network,
    private readonly clock: Clock = Date.now,
  ) {
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

  /** What the node answered this replica, as it is now. */
  nodeContact(): NodeContact {
    return { ...this.contact };
  }

  following(holds: boolean): void {
    this.followingGauge.set(this.labels, holds ? 1 : 0);
    if (holds) this.contact.following = true;
    if (!holds) {
      for (const gauge of this.followerGauges) gauge.remove(this.labels);
      this.contact = { following: false, answeredAt: null, failingSince: null, failures: 0 };
    }
  }

  tip(height: number): void {
    this.tipGauge.set(this.labels, height);
    this.nodeUpGauge.set(this.labels, 1);
    this.contact = { ...this.contact, answeredAt: this.clock(), failingSince: null, failures: 0 };
  }

  nodeUnreachable(): void {
    this.nodeUpGauge.set(this.labels, 0);
    const { failingSince, failures } = this.contact;
    this.contact = { ...this.contact, failingSince: failingSince ?? this.clock(), failures: failures + 1 };
  }

  processed(height: number): void {
    this.processedGauge.set(this.labels, height);
  }

  polled(at: number): void {
    this.polledGauge.set(this.labels, at / 1000);
  }
}
