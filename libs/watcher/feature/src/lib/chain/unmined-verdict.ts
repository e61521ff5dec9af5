import type { Deposit } from '@swap/watcher-data';

export interface UnminedVerdict {
  state: 'mempool' | 'reverted';
  missingSince: number | null;
}

/**
 * What became of a deposit outside the followed chain, now that the chain is followed up to the
 * tip (`height`) and the mempool has been read. Null when nothing changed.
 * - In the mempool: waiting (again), 0 confirmations.
 * - Orphaned and not in the mempool: gone.
 * - Missing from the mempool: gone once `vanishBlocks` blocks passed without it being mined.
 */
export function judgeUnmined(
  deposit: Pick<Deposit, 'state' | 'missingSince'>,
  inMempool: boolean,
  height: number,
  vanishBlocks: number,
): UnminedVerdict | null {
  const waiting: UnminedVerdict = { state: 'mempool', missingSince: null };
  const gone: UnminedVerdict = { state: 'reverted', missingSince: null };
  switch (deposit.state) {
    case 'block':
      return null;
    case 'orphaned':
      return inMempool ? waiting : gone;
    case 'reverted':
      return inMempool ? waiting : null;
    case 'mempool':
      if (inMempool) return deposit.missingSince === null ? null : waiting;
      if (deposit.missingSince === null) return { state: 'mempool', missingSince: height };
      return height - deposit.missingSince >= vanishBlocks ? gone : null;
  }
}
