import type { SwapClient } from '@swap/sdk';

export const ENDED = ['DONE', 'REFUNDED', 'FAILED', 'EXPIRED'];

/** A swap a crash test follows through the public API. */
export interface Followed {
  id: string;
  kind: string;
  from: string;
  to: string;
  status: string;
  refundAddress: string;
  endedAt?: number;
}

/**
 * Follows the swaps through the public API until `deadline` (or until all ended), answering
 * RATE_CHANGED with REFUND. A call that fails while the engine is down is made again next round.
 * Returns the swaps that have not ended.
 */
export async function followUntil(api: SwapClient, swaps: Followed[], deadline: number): Promise<string[]> {
  const open = () => swaps.filter((s) => !ENDED.includes(s.status));
  while (Date.now() < deadline && open().length > 0) {
    for (const swap of open()) {
      try {
        swap.status = (await api.status(swap.id)).status;
        if (swap.status === 'RATE_CHANGED') {
          const refund = { id: swap.id, choice: 'REFUND' as const, address: swap.refundAddress };
          swap.status = (await api.resolve(refund)).status;
        }
      } catch {
        // asked again on the next round
      }
      if (ENDED.includes(swap.status)) swap.endedAt = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return open().map((s) => `${s.id} ${s.kind} ${s.from}→${s.to} ${s.status}`);
}
