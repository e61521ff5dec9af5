import { swapSnapshotFixture } from '@swap/testing';
import { RecentSwapViews } from './recent-swap-views';

const snapshot = (id: string, version: number, status = 'PENDING') =>
  swapSnapshotFixture({ id, version, status: status as never });

describe('RecentSwapViews', () => {
  it('holds and answers nothing until live', () => {
    const views = new RecentSwapViews(10);
    views.next(snapshot('Early00000', 1));
    views.live();
    expect(views.get('Early00000')).toBeUndefined();
    views.next(snapshot('Early00000', 2));
    expect(views.get('Early00000')?.version).toBe(2);
  });

  it('keeps the newest version whatever order the updates arrive in', () => {
    const views = new RecentSwapViews(10);
    views.live();
    views.next(snapshot('Order00000', 2, 'CONFIRMING'));
    views.next(snapshot('Order00000', 1, 'PENDING')); // late
    views.next(snapshot('Order00000', 2, 'DONE')); // the same version again
    expect(views.get('Order00000')?.status).toBe('CONFIRMING');
    views.next(snapshot('Order00000', 3, 'EXCHANGING'));
    expect(views.get('Order00000')?.status).toBe('EXCHANGING');
  });

  it('forgets everything at a gap and answers nothing until live again', () => {
    const views = new RecentSwapViews(10);
    views.live();
    views.next(snapshot('Gap0000000', 1));
    views.gap();
    expect(views.get('Gap0000000')).toBeUndefined();
    views.next(snapshot('Gap0000001', 1)); // during the gap
    views.live();
    expect(views.size).toBe(0);
    expect(views.get('Gap0000000')).toBeUndefined();
  });

  it('past its capacity drops the swap updated longest ago', () => {
    const views = new RecentSwapViews(2);
    views.live();
    views.next(snapshot('Cap0000001', 1));
    views.next(snapshot('Cap0000002', 1));
    views.next(snapshot('Cap0000001', 2)); // now the most recently updated
    views.next(snapshot('Cap0000003', 1));
    expect(views.size).toBe(2);
    expect(views.get('Cap0000002')).toBeUndefined();
    expect(views.get('Cap0000001')?.version).toBe(2);
    expect(views.get('Cap0000003')?.version).toBe(1);
  });

  it('with capacity 0 is never live', () => {
    const views = new RecentSwapViews(0);
    views.live();
    views.next(snapshot('Zero000000', 1));
    expect(views.get('Zero000000')).toBeUndefined();
    expect(views.size).toBe(0);
  });

  it("takes an engine's answer only within the live period it was asked in", () => {
    const views = new RecentSwapViews(10);
    expect(views.period).toBeNull();
    views.answer(snapshot('Answer0000', 1), views.period); // asked before live
    views.live();
    const asked = views.period;
    views.answer(snapshot('Answer0000', 2), asked);
    expect(views.get('Answer0000')?.version).toBe(2);
    views.gap();
    views.live();
    views.answer(snapshot('Answer0001', 1), asked); // asked in the previous period
    expect(views.get('Answer0001')).toBeUndefined();
    views.live(); // already live: the same period
    views.answer(snapshot('Answer0001', 1), views.period);
    expect(views.get('Answer0001')?.version).toBe(1);
  });
});
