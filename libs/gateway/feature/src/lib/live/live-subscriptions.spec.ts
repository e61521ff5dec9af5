import fc from 'fast-check';
import type { SwapSnapshot } from '@swap/contracts';
import { swapSnapshotFixture } from '@swap/testing';
import { LiveSubscriptions } from './live-subscriptions';

const KEY = 'ak_live_me';
const A = 'AAAAAAAAAA';
const B = 'BBBBBBBBBB';
const v = (id: string, version: number, apiKey = KEY): SwapSnapshot =>
  swapSnapshotFixture({ id, version, apiKey });
const sent = (snapshots: readonly (SwapSnapshot | null)[]) =>
  snapshots.filter((s): s is SwapSnapshot => s !== null).map((s) => `${s.id[0]}${s.version}`);

describe('what one live connection sends (D18)', () => {
  it('holds live versions while the stored ones are read, then sends both merged once, in order', () => {
    const subs = new LiveSubscriptions(KEY, 10);
    expect(subs.follow(A, 2)).toBe(true);
    expect([subs.offer(v(A, 5)), subs.offer(v(A, 6))]).toEqual([null, null]);
    const first = subs.replayed(A, [v(A, 1), v(A, 2), v(A, 3), v(A, 4), v(A, 5)]);
    expect(sent(first)).toEqual(['A3', 'A4', 'A5', 'A6']);
    expect(sent([subs.offer(v(A, 6)), subs.offer(v(A, 7))])).toEqual(['A7']);
  });

  it('without after, sends only what came after the subscription', () => {
    const subs = new LiveSubscriptions(KEY, 10);
    subs.follow(A);
    expect(sent(subs.replayed(A, []))).toEqual([]);
    expect(
      sent([subs.offer(v(A, 4)), subs.offer(v(A, 4)), subs.offer(v(A, 3)), subs.offer(v(A, 5))]),
    ).toEqual(['A4', 'A5']);
  });

  it("follows every swap of its own key with all, never another key's, and each version once", () => {
    const subs = new LiveSubscriptions(KEY, 10);
    expect(subs.followAll()).toBe(true);
    subs.follow(A);
    subs.replayed(A, []);
    const out = [
      subs.offer(v(A, 1)),
      subs.offer(v(A, 1)),
      subs.offer(v(B, 1)),
      subs.offer(v(B, 1, 'ak_other')),
    ];
    expect(sent(out)).toEqual(['A1', 'B1']);
    subs.unfollowAll();
    expect(sent([subs.offer(v(B, 2)), subs.offer(v(A, 2))])).toEqual(['A2']);
    subs.unfollow(A);
    expect(sent([subs.offer(v(A, 3))])).toEqual([]);
  });

  it('refuses a subscription past its limit, counting all as one, and a repeat as none', () => {
    const subs = new LiveSubscriptions(KEY, 2);
    expect(subs.follow(A)).toBe(true);
    expect(subs.follow(A)).toBe(true);
    expect(subs.followAll()).toBe(true);
    expect(subs.follow(B)).toBe(false);
    subs.unfollowAll();
    expect(subs.follow(B)).toBe(true);
    expect(subs.size).toBe(2);
  });

  it('never sends a version twice nor out of order, however stored and live versions interleave', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 30 }),
        (after, storedUpTo, held, later) => {
          const subs = new LiveSubscriptions(KEY, 1);
          subs.follow(A, after);
          for (const version of held) subs.offer(v(A, version));
          const stored = Array.from({ length: storedUpTo }, (_, i) => v(A, i + 1));
          const out = [...subs.replayed(A, stored), ...later.map((version) => subs.offer(v(A, version)))];
          const versions = out.filter((s) => s !== null).map((s) => s.version);
          expect(versions).toEqual([...new Set(versions)].sort((x, y) => x - y));
          expect(versions.every((version) => version > after)).toBe(true);
          // Every stored version after `after` is sent: no gap at the seam.
          for (let version = after + 1; version <= storedUpTo; version++) expect(versions).toContain(version);
        },
      ),
    );
  });
});
