import type { Clock } from '@swap/domain';

/** A lease as stored: who holds it, and until when (UNIX ms). */
export interface LeaseValue {
  owner: string;
  expiresAt: number;
}

/** The part of a KvStore a lease needs. */
export interface LeaseStore {
  read(key: string): Promise<{ value: LeaseValue; revision: number } | null>;
  create(key: string, value: LeaseValue): Promise<boolean>;
  update(key: string, value: LeaseValue, revision: number): Promise<number | null>;
}

/**
 * The right to one key of a KV bucket, held by one owner at a time (a watcher following its chain,
 * an engine instance owning an inbox partition). Every write is a compare-and-set on the entry's
 * revision, so of two owners racing for an expired lease exactly one wins, and a holder that fails
 * to renew knows at once that it lost. Expiry is judged by each owner's clock: the lease should be
 * much longer than the clock skew between them and than the renewal interval.
 */
export class KvLease {
  private revision: number | null = null;

  constructor(
    private readonly store: LeaseStore,
    readonly key: string,
    private readonly owner: string,
    private readonly leaseMs: number,
    private readonly clock: Clock,
  ) {}

  /** Takes or renews the lease; true while this owner holds it. */
  async hold(): Promise<boolean> {
    const lease: LeaseValue = { owner: this.owner, expiresAt: this.clock() + this.leaseMs };
    let revision = this.revision === null ? null : await this.store.update(this.key, lease, this.revision);
    // Not renewed (never held, or written by someone else since): look at what is there.
    if (revision === null) revision = await this.takeOver(lease);
    this.revision = revision;
    return revision !== null;
  }

  /** Lets another owner take over at once instead of waiting for the lease to expire. */
  async release(): Promise<void> {
    if (this.revision === null) return;
    const revision = this.revision;
    this.revision = null;
    await this.store.update(this.key, { owner: this.owner, expiresAt: 0 }, revision);
  }

  private async takeOver(lease: LeaseValue): Promise<number | null> {
    const current = await this.store.read(this.key);
    if (!current) {
      if (!(await this.store.create(this.key, lease))) return null;
      const created = await this.store.read(this.key);
      return created?.value.owner === this.owner ? created.revision : null;
    }
    const heldByOther = current.value.owner !== this.owner && current.value.expiresAt > this.clock();
    if (heldByOther) return null;
    return this.store.update(this.key, lease, current.revision);
  }
}
