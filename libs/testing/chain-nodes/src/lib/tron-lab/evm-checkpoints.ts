import type { TokenEvm } from './evm';

/**
 * anvil snapshots keyed by the Tron block whose packing they precede, so a fork can put the token
 * state back to the start of any block that is not solid yet. A snapshot is taken only when anvil
 * changed since the last one, so the latest snapshot at or below a block has that block's state.
 */
export class EvmCheckpoints {
  private readonly snapshots = new Map<number, string>();
  /** The token was deployed before genesis: block 1 starts from a change. */
  private dirty = true;

  constructor(private readonly evm: TokenEvm) {}

  /** Anvil state changed (a call was mined, a mint was made). */
  changed(): void {
    this.dirty = true;
  }

  /** Called as packing of block `number` starts. */
  async beforeBlock(number: number): Promise<void> {
    if (!this.dirty) return;
    this.snapshots.set(number, await this.evm.snapshot());
    this.dirty = false;
  }

  /** Puts anvil back to the state it had when packing of block `number` started. */
  async restore(number: number): Promise<void> {
    const at = Math.max(...[...this.snapshots.keys()].filter((n) => n <= number), -1);
    if (at < 0) throw new Error(`no anvil snapshot at or before block ${number}`);
    await this.evm.revert(this.snapshots.get(at) as string);
    for (const n of [...this.snapshots.keys()]) if (n >= at) this.snapshots.delete(n);
    // evm_revert consumes the snapshot (and later ones); take it again for later forks.
    this.snapshots.set(at, await this.evm.snapshot());
    this.dirty = false;
  }
}
