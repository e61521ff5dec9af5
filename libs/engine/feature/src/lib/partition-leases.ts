import { KvLease, type KvStore } from '@swap/bus';
import { engineLeasesKv } from '@swap/contracts';
import type { Clock } from '@swap/domain';

type LeaseBucket = KvStore<(typeof engineLeasesKv)['schema']>;

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

/**
 * Divides the inbox partitions among the live engine instances. Every round, an instance renews
 * its heartbeat and its partitions' leases, gives up what exceeds its fair share (ceil(partitions
 * / live instances)), and takes free or dead partitions up to that share. Each partition is a
 * KvLease on `partition.<n>`, so two instances never both win one, and a lease it fails to renew
 * is lost at once.
 */
export class PartitionLeases {
  private readonly leases: KvLease[];
  private readonly owned = new Set<number>();

  constructor(
    private readonly store: LeaseBucket,
    readonly owner: string,
    private readonly settings: LeaseSettings,
    private readonly clock: Clock = Date.now,
  ) {
    this.leases = Array.from(
      { length: settings.partitions },
      (_, p) => new KvLease(store, `partition.${p}`, owner, settings.leaseMs, clock),
    );
  }

  /** How long a dead instance's partitions stay its own. */
  get leaseMs(): number {
    return this.settings.leaseMs;
  }

  get partitions(): number[] {
    return [...this.owned].sort((a, b) => a - b);
  }

  async round(): Promise<LeaseChanges> {
    const now = this.clock();
    await this.store.put(memberKey(this.owner), {
      owner: this.owner,
      expiresAt: now + this.settings.leaseMs,
    });
    const lost: number[] = [];
    for (const partition of this.partitions) {
      if (!(await this.leases[partition].hold())) {
        this.owned.delete(partition);
        lost.push(partition);
      }
    }
    const share = Math.ceil(this.settings.partitions / (await this.liveMembers(now)));
    const surplus = this.partitions.slice(share);
    const acquired: number[] = [];
    for (let p = 0; p < this.settings.partitions && this.owned.size < share; p++) {
      if (!this.owned.has(p) && (await this.leases[p].hold())) {
        this.owned.add(p);
        acquired.push(p);
      }
    }
    return { acquired, lost, surplus };
  }

  /** Gives a partition back (after its consumer stopped), so another instance takes it at once. */
  async release(partition: number): Promise<void> {
    this.owned.delete(partition);
    await this.leases[partition].release();
  }

  /** On shutdown: every lease and the heartbeat go, so the others rebalance without waiting. */
  async releaseAll(): Promise<void> {
    for (const partition of this.partitions) await this.release(partition);
    await this.store.delete(memberKey(this.owner));
  }

  private async liveMembers(now: number): Promise<number> {
    let live = 0;
    for (const key of await this.store.keys()) {
      if (!key.startsWith('member.')) continue;
      const member = await this.store.read(key);
      if (member && member.value.expiresAt > now) live++;
    }
    return Math.max(1, live);
  }
}
