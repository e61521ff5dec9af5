import type { DevnetBlockRecord } from '@swap/devnet-data';

export interface RecentBlock {
  record: DevnetBlockRecord;
  /** Its transactions, in block order. */
  txids: string[];
}

/** The newest blocks of a chain, up to `capacity`: older ones are only in the database. */
export class RecentBlocks {
  private blocks: RecentBlock[];

  constructor(
    private readonly capacity: number,
    blocks: RecentBlock[] = [],
  ) {
    this.blocks = blocks.slice(-capacity);
  }

  get isEmpty(): boolean {
    return this.blocks.length === 0;
  }

  get tip(): DevnetBlockRecord {
    return this.blocks[this.blocks.length - 1].record;
  }

  /** The block at `height` if it is kept here. */
  at(height: number): RecentBlock | undefined {
    return this.isEmpty ? undefined : this.blocks[height - this.blocks[0].record.height];
  }

  /** The top `count` blocks, oldest first. */
  top(count: number): RecentBlock[] {
    return count === 0 ? [] : this.blocks.slice(-count);
  }

  push(block: RecentBlock): void {
    this.blocks.push(block);
    if (this.blocks.length > this.capacity) this.blocks.shift();
  }

  /** Takes the top `count` blocks off the chain. */
  pop(count: number): void {
    this.blocks = this.blocks.slice(0, this.blocks.length - count);
  }
}
