import fc from 'fast-check';
import {
  DAY_MS,
  HOUR_MS,
  screen,
  screenInTurn,
  windowsEndingAt,
  type Outflow,
  type OutflowLimits,
} from './payout-policy';

const ETH = 10n ** 18n;
const LIMITS: OutflowLimits = { perTransfer: 2n * ETH, perHour: 5n * ETH, perDay: 12n * ETH };
const NONE: Outflow = { lastHour: 0n, lastDay: 0n };

/**
 * What the treasury's table holds of cleared transfers, in memory: the windows are read at the
 * clock's time, as the repository reads them at the sender's.
 */
class OutflowLog {
  readonly cleared: Array<{ at: number; amount: bigint }> = [];
  constructor(private readonly clock: { now: number }) {}

  outflow(): Outflow {
    const { hour, day } = windowsEndingAt(this.clock.now);
    const sum = (since: number) =>
      this.cleared.filter((c) => c.at > since).reduce((total, c) => total + c.amount, 0n);
    return { lastHour: sum(hour), lastDay: sum(day) };
  }

  /** Screens one transfer now; a cleared one is recorded at the clock's time. */
  ask(amount: bigint, limits = LIMITS): boolean {
    const screening = screen('ETH', amount, limits, this.outflow());
    if (screening.cleared) this.cleared.push({ at: this.clock.now, amount });
    return screening.cleared;
  }
}

describe('the payout policy', () => {
  // prettier-ignore
  it.each<[string, bigint, Outflow, string | null]>([
    ['well within every limit', ETH, NONE, null],
    ['exactly the limit per transfer', 2n * ETH, NONE, null],
    ['one base unit above the limit per transfer', 2n * ETH + 1n, NONE, '2.000000000000000001 ETH is above the limit per transfer (2 ETH)'],
    ['filling the hour exactly', 2n * ETH, { lastHour: 3n * ETH, lastDay: 3n * ETH }, null],
    ['one base unit over the hour', 2n * ETH, { lastHour: 3n * ETH + 1n, lastDay: 3n * ETH + 1n }, 'with it 5.000000000000000001 ETH would leave in the last hour, above the limit (5 ETH)'],
    ['over the day, the hour quiet', ETH, { lastHour: 0n, lastDay: 11n * ETH + 1n }, 'with it 12.000000000000000001 ETH would leave in the last 24 hours, above the limit (12 ETH)'],
  ])('%s', (_, amount, outflow, reason) => {
    expect(screen('ETH', amount, LIMITS, outflow)).toEqual(reason === null ? { cleared: true } : { cleared: false, reason });
  });

  it('keeps amounts far beyond a float exact', () => {
    const huge: OutflowLimits = { perTransfer: 2n ** 80n, perHour: 2n ** 80n, perDay: 2n ** 80n };
    expect(screen('USDTERC', 2n ** 80n, huge, NONE)).toEqual({ cleared: true });
    expect(screen('USDTERC', 2n ** 80n, huge, { lastHour: 1n, lastDay: 1n })).toMatchObject({
      cleared: false,
    });
  });

  it('a zero limit holds every transfer for an operator', () => {
    expect(screen('BTC', 1n, { perTransfer: 0n, perHour: 10n, perDay: 10n }, NONE)).toEqual({
      cleared: false,
      reason: '0.00000001 BTC is above the limit per transfer (0 BTC)',
    });
  });

  it('screens a batch in turn: what it clears counts against the transfers after it', () => {
    const screened = screenInTurn(
      'ETH',
      [{ amount: 2n * ETH }, { amount: 2n * ETH }, { amount: 2n * ETH }, { amount: ETH }],
      LIMITS,
      NONE,
    );
    expect(screened.map((s) => s.screening.cleared)).toEqual([true, true, false, true]);
  });

  describe('over rolling windows, by the clock', () => {
    const clock = { now: 1_700_000_000_000 };
    let log: OutflowLog;
    beforeEach(() => {
      clock.now = 1_700_000_000_000;
      log = new OutflowLog(clock);
    });

    it('holds what would overflow the hour, and clears it once the first transfers are an hour old', () => {
      expect(log.ask(2n * ETH)).toBe(true);
      clock.now += 10 * 60 * 1000;
      expect(log.ask(2n * ETH)).toBe(true);
      expect(log.ask(2n * ETH)).toBe(false);

      // An hour after the first one, it no longer counts (strictly older than the window's start).
      clock.now += HOUR_MS - 10 * 60 * 1000 - 1;
      expect(log.ask(2n * ETH)).toBe(false);
      clock.now += 1;
      expect(log.ask(2n * ETH)).toBe(true);
    });

    it('the day fills over several hours and empties a day later', () => {
      for (let hour = 0; hour < 3; hour++) {
        expect(log.ask(2n * ETH)).toBe(true);
        expect(log.ask(2n * ETH)).toBe(true);
        clock.now += HOUR_MS;
      }
      // 12 ETH in the last 24 hours, nothing in the last hour: the day is full.
      expect(log.outflow()).toEqual({ lastHour: 0n, lastDay: 12n * ETH });
      expect(log.ask(1n)).toBe(false);

      clock.now += DAY_MS - 3 * HOUR_MS;
      expect(log.outflow()).toEqual({ lastHour: 0n, lastDay: 8n * ETH });
      expect(log.ask(2n * ETH)).toBe(true);
    });

    it('never lets more leave in any rolling hour or day than its limits, whatever is asked when', () => {
      const request = fc.record({
        afterMs: fc.integer({ min: 0, max: 3 * HOUR_MS }),
        amount: fc.bigInt({ min: 1n, max: 3n * ETH }),
      });
      fc.assert(
        fc.property(fc.array(request, { maxLength: 80 }), (requests) => {
          clock.now = 1_700_000_000_000;
          const run = new OutflowLog(clock);
          for (const { afterMs, amount } of requests) {
            clock.now += afterMs;
            run.ask(amount);
          }
          for (const { at, amount } of run.cleared) {
            expect(amount).toBeLessThanOrEqual(LIMITS.perTransfer);
            const within = (span: number) =>
              run.cleared.filter((c) => c.at > at - span && c.at <= at).reduce((t, c) => t + c.amount, 0n);
            expect(within(HOUR_MS)).toBeLessThanOrEqual(LIMITS.perHour);
            expect(within(DAY_MS)).toBeLessThanOrEqual(LIMITS.perDay);
          }
        }),
      );
    });
  });
});
