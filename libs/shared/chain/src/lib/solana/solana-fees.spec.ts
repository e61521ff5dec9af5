import { recentPriorityFee } from './solana-fees';
import { solanaTransferFee } from './solana-transaction';

describe('Solana fees', () => {
  it('pays the 75th percentile of the recent slots, capped', () => {
    expect(recentPriorityFee([], 100n)).toBe(0n);
    expect(recentPriorityFee([0n, 0n, 0n, 10n], 100n)).toBe(10n);
    expect(recentPriorityFee([5n, 1n, 4n, 2n, 3n, 0n, 0n, 0n], 100n)).toBe(4n);
    expect(recentPriorityFee([500n, 900n, 800n, 700n], 600n)).toBe(600n);
  });

  it('charges 5000 lamports a signature plus the priority fee, rounded up', () => {
    expect(solanaTransferFee(0n, 1_000n)).toBe(5_000n);
    expect(solanaTransferFee(1n, 1_000n)).toBe(5_001n);
    expect(solanaTransferFee(1_000_000n, 1_000n)).toBe(6_000n);
    expect(solanaTransferFee(1_500n, 1_000n)).toBe(5_002n);
  });
});
