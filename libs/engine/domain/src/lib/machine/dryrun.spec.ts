import { fakeHash } from './dryrun';
import { ev, newDryRun, T0 } from '../../testing/machine.fixtures';
import { transition } from './swap.machine';
import { Swap, SwapStatus } from '@swap/domain';

describe('a dry-run swap, advanced step by step (rules 4 and 5)', () => {
  it('walks NEW → PENDING → CONFIRMING → EXCHANGING → SENDING → DONE, then refuses', () => {
    const seen: SwapStatus[] = [];
    let swap: Swap = newDryRun({
      from: 'LTC',
      to: 'XMR',
      amountFrom: 10_000_000n,
      amountTo: 40_000_000_000n,
    });
    for (let step = 1; step <= 5; step++) {
      const result = transition(swap, ev.advance(T0 + step * 10));
      if (!result.ok) throw new Error(result.rejection.reason);
      expect(result.effects).toEqual([]);
      expect(result.swap.time.update).toBe(T0 + step * 10);
      swap = result.swap;
      seen.push(swap.status);

      if (swap.status === 'PENDING') {
        expect(swap.depositTx).toMatchObject({
          id: fakeHash(swap.id, 'deposit'),
          confirmations: 0,
          amount: 10_000_000n,
        });
        expect(swap.time.start).toBe(T0 + 10);
      }
      if (swap.status === 'CONFIRMING') expect(swap.depositTx?.confirmations).toBe(1);
      if (swap.status === 'EXCHANGING') {
        expect(swap.depositTx?.confirmations).toBe(2); // LTC requires 2
        expect(swap.amountDeposited).toBe(10_000_000n);
        expect(swap.slippage).toBe('0');
        expect(swap.amountTo).toBe(40_000_000_000n);
      }
      if (swap.status === 'SENDING') expect(swap.payoutTx).toBeNull();
      if (swap.status === 'DONE') {
        expect(swap.payoutTx).toMatchObject({ id: fakeHash(swap.id, 'payout'), amount: 40_000_000_000n });
        expect(swap.payoutTx?.txKey).toMatch(/^[0-9a-f]{64}$/); // XMR payouts carry a tx key
        expect(swap.rateActual).toBe(swap.rate);
        expect(swap.time.finish).toBe(T0 + 50);
      }
    }
    expect(seen).toEqual(['PENDING', 'CONFIRMING', 'EXCHANGING', 'SENDING', 'DONE']);
    expect(transition(swap, ev.advance())).toMatchObject({ ok: false, rejection: { reason: 'DRYRUN_DONE' } });
  });

  it('never expires, even long after the window', () => {
    expect(transition(newDryRun(), ev.windowEnded(T0 + 10 * 3600))).toMatchObject({ ok: false });
  });

  it('derives the same fake hashes from the same id, different ones per purpose and id', () => {
    expect(fakeHash('DRab12cd34', 'deposit')).toBe(fakeHash('DRab12cd34', 'deposit'));
    expect(fakeHash('DRab12cd34', 'deposit')).not.toBe(fakeHash('DRab12cd34', 'payout'));
    expect(fakeHash('DRab12cd34', 'deposit')).not.toBe(fakeHash('DRab12cd35', 'deposit'));
  });
});
