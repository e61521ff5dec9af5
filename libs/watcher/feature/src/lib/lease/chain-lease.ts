import type { KvStore } from '@swap/bus';
import type { watcherLeasesKv, WatcherLease } from '@swap/contracts';
import type { Network } from '@swap/domain';

type LeaseStore = KvStore<typeof watcherLeasesKv.schema>;

/**
 * The right to follow one network's chain, held by one replica at a time. Every write is a
 * compare-and-set on the entry's revision, so of two replicas racing for an expired lease exactly
 * one wins. Expiry is judged by each replica's clock: the lease should be much longer than the
 * clock skew between replicas (and the poll interval, which renews it).
 */
export class ChainLease {
  private revision: number | null = null;

  constructor(
    private readonly store: LeaseStore,
    private readonly network: Network,
    private readonly owner: string,
    private readonly leaseMs: number,
    private readonly clock: () => number,
  ) {}

  /** Takes or renews the lease; true while this replica holds it. */
  async hold(): Promise<boolean> {
    const lease: WatcherLease = { owner: this.owner, expiresAt: this.clock() + this.leaseMs };
    let revision =
      this.revision === null ? null : await this.store.update(this.network, lease, this.revision);
    // Not renewed (never held, or written by someone else since): look at what is there.
    if (revision === null) revision = await this.takeOver(lease);
    this.revision = revision;
    return revision !== null;
  }

  /** Lets a standby take over at once instead of waiting for the lease to expire. */
  async release(): Promise<void> {
    if (this.revision === null) return;
    const revision = this.revision;
    this.revision = null;
    await this.store.update(this.network, { owner: this.owner, expiresAt: 0 }, revision);
  }

  private async takeOver(lease: WatcherLease): Promise<number | null> {
    const current = await this.store.read(this.network);
    if (!current) {
      if (!(await this.store.create(this.network, lease))) return null;
      const created = await this.store.read(this.network);
      return created?.value.owner === this.owner ? created.revision : null;
    }
    const heldByOther = current.value.owner !== this.owner && current.value.expiresAt > this.clock();
    if (heldByOther) return null;
    return this.store.update(this.network, lease, current.revision);
  }
}
