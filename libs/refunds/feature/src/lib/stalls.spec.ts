import { Stalls } from './stalls';

describe('Stalls', () => {
  const setup = () => {
    const clock = { ms: 0 };
    return { clock, stalls: new Stalls({ initialMs: 100, maxMs: 400 }, () => clock.ms) };
  };

  it('doubles the wait per pass without progress, up to the most, and calls a trouble news once', () => {
    const { clock, stalls } = setup();
    const seen = [];
    for (let pass = 0; pass < 5; pass++) {
      expect(stalls.due('r1')).toBe(true);
      const { news, retryInMs } = stalls.stalled('r1', 'refused');
      seen.push([news, retryInMs]);
      clock.ms += retryInMs - 1;
      expect(stalls.due('r1')).toBe(false);
      clock.ms += 1;
    }
    expect(seen).toEqual([
      [true, 100],
      [false, 200],
      [false, 400],
      [false, 400],
      [false, 400],
    ]);
    expect(stalls.stalled('r1', 'proven dead')).toEqual({ news: true, retryInMs: 400 });
  });

  it('forgets the wait on progress, and the refunds no longer open', () => {
    const { stalls } = setup();
    stalls.stalled('r1', 'refused');
    stalls.stalled('r2', 'refused');
    stalls.progressed('r1');
    expect(stalls.due('r1')).toBe(true);
    expect(stalls.stalled('r1', 'refused')).toEqual({ news: true, retryInMs: 100 });

    stalls.retain(new Set(['r1']));
    expect(stalls.due('r2')).toBe(true);
    expect(stalls.due('r1')).toBe(false);
  });
});
