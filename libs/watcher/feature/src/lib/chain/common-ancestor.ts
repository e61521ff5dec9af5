import type { BlockRef, ChainReader } from '@swap/chain';

export interface CommonAncestor {
  /** The block to resume after; null: before the first block. */
  block: BlockRef | null;
  /** No kept hash matched: the reorganisation goes deeper than the blocks kept. */
  beyondKept: boolean;
}

/**
 * The highest kept block, at or below `from`, that the reader's best chain still holds. When none
 * is, the block just below the kept ones: deposits beneath it can no longer be re-checked.
 */
export async function findCommonAncestor(
  reader: ChainReader,
  kept: Map<number, string>,
  from: number,
): Promise<CommonAncestor> {
  let height = from;
  for (; kept.has(height); height--) {
    const block = await reader.blockAt(height);
    if (block && block.hash === kept.get(height)) {
      return { block: { height, hash: block.hash }, beyondKept: false };
    }
  }
  if (height < 0) return { block: null, beyondKept: false };
  const below = await reader.blockAt(height);
  return { block: below && { height, hash: below.hash }, beyondKept: true };
}
