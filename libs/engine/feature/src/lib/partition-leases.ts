import type { KvStore } from '@swap/bus';
import { engineLeasesKv } from '@swap/contracts';

type LeaseStore = KvStore<(typeof engineLeasesKv)['schema']>;

export interface LeaseSettings {
  partitions: number;
  /** An entry not renewed for this long is dead: its partitions may be taken over. */
  leaseMs: number;
}

/** What changed in one round: partitions to start consuming, and partitions to stop. */
export interface LeaseChanges {
  acquired: number[];
  lost: number[];
  /** Owned beyond this instance's fair share: stop consuming them, then release(). */
  surplus: number[];
}

const memberKey = (owner: string) => `member.${owner}`;
const partitionKey = (partition: number) => `partition.${partition}`;

/**
 * Divides the inbox partitions among the live engine instances. Every round, an instance renews
 * its heartbeat and its leases, gives up what exceeds its fair share (ceil(partitions / live
 * instances)), and takes free or dead partitions up to that share. Every write is a
 * compare-and-set on the entry's revision, so two instances never both win one partition; a lease
 * it fails to renew is lost at once.
 */
export class PartitionLeases {
  private readonly owned = new Map<number, number>(); // partition → revision of our lease

  constructor(
    private readonly store: LeaseStore,
    readonly owner: string,
    private readonly settings: LeaseSettings,
    private readonly clock: () => number = Date.now,
  ) {}

  get partitions(): number[] {
    return [...this.owned.keys()].sort((a, b) => a - b);
  }

  async round(): Promise<LeaseChanges> {
    const now = this.clock();
    await this.store.put(memberKey(this.owner), { owner: this.owner, at: now });
    const lost = await this.renew(now);
    const share = Math.ceil(this.settings.partitions / (await this.liveMembers(now)));
    const surplus = this.partitions.slice(share);
    const acquired: number[] = [];
    for (let p = 0; p < this.settings.partitions && this.owned.size < share; p++) {
      if (!this.owned.has(p) && (await this.take(p, now))) acquired.push(p);
    }
    return { acquired, lost, surplus };
  }

  /** Gives a partition back (after its consumer stopped), so another instance takes it at once. */
  async release(partition: number): Promise<void> {
    const revision = this.owned.get(partition);
    this.owned.delete(partition);
    if (revision === undefined) return;
    const current = await this.store.read(partitionKey(partition));
    if (current?.value.owner === this.owner && current.revision === revision)
      await this.store.delete(partitionKey(partition));
  }

  /** On shutdown: every lease and the heartbeat go, so the others rebalance without waiting. */
  async releaseAll(): Promise<void> {
    for (const partition of this.partitions) await this.release(partition);
    await this.store.delete(memberKey(this.owner));
  }

  private async renew(now: number): Promise<number[]> {
    const lost: number[] = [];
    for (const [partition, revision] of this.owned) {
      const next = await this.store.update(partitionKey(partition), { owner: this.owner, at: now }, revision);
      if (next === null) {
        this.owned.delete(partition);
        lost.push(partition);
      } else {
        this.owned.set(partition, next);
      }
    }
    return lost;
  }

  private async take(partition: number, now: number): Promise<boolean> {
    const key = partitionKey(partition);
    const lease = { owner: this.owner, at: now };
    const current = await this.store.read(key);
    if (current && now - current.value.at < this.settings.leaseMs) return false;
    if (!current) {
      if (!(await this.store.create(key, lease))) return false;
      const created = await this.store.read(key);
      if (created?.value.owner !== this.owner) return false;
      this.owned.set(partition, created.revision);
      return true;
    }
    const revision = await this.store.update(key, lease, current.revision);
    if (revision === null) return false;
    this.owned.set(partition, revision);
    return true;
  }

  private async liveMembers(now: number): Promise<number> {
    let live = 0;
    for (const key of await this.store.keys()) {
      if (!key.startsWith('member.')) continue;
      const member = await this.store.read(key);
      if (member && now - member.value.at < this.settings.leaseMs) live++;
    }
    return Math.max(1, live);
  }
}
