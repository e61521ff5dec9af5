import { quietLogger } from '@swap/domain/testing';
import { DependencyWait } from './dependency-wait';

const noResponders = Object.assign(new Error('bus unavailable on devnet.rpc.tip: no-responders'), {
  name: 'BusUnavailableError',
  subject: 'devnet.rpc.tip',
  reason: 'no-responders',
});

function setUp(stillWaitingMs = 60_000) {
  const lines: Array<[string, object, string]> = [];
  const at = (level: string) => (obj: object, msg?: string) => void lines.push([level, obj, msg ?? '']);
  const logger = quietLogger({ error: at('error'), warn: at('warn'), info: at('info') });
  let now = Date.UTC(2026, 0, 1);
  const wait = new DependencyWait('LTC chain poll', logger, { clock: () => now, stillWaitingMs });
  return { lines, wait, advance: (ms: number) => (now += ms) };
}

describe('DependencyWait', () => {
  it('says once that it waits, once more if it lasts, and once when it is back', () => {
    const { lines, wait, advance } = setUp();
    for (let i = 0; i < 30; i++) {
      wait.failed(noResponders);
      advance(1_000);
    }
    expect(wait.waiting).toBe(true);
    for (let i = 0; i < 40; i++) {
      wait.failed(noResponders);
      advance(1_000);
    }
    wait.succeeded();
    wait.succeeded();
    expect(wait.waiting).toBe(false);
    expect(lines.map(([level, , msg]) => `${level} ${msg}`)).toEqual([
      'info LTC chain poll: waiting for the devnet (no responders)',
      'warn LTC chain poll: still waiting for the devnet (no responders) after 60 s',
      'info LTC chain poll: reachable again after 70 s',
    ]);
    // One line each, with no stack (no Error in what is logged).
    for (const [, details] of lines)
      expect(Object.values(details).some((v) => v instanceof Error)).toBe(false);
  });

  it('starts a new outage with one line after the last one ended: a warning, as the dependency had answered', () => {
    const { lines, wait, advance } = setUp();
    wait.failed(noResponders);
    advance(2_000);
    wait.succeeded();
    wait.failed(noResponders);
    wait.failed(noResponders);
    expect(lines.map(([level, , msg]) => `${level} ${msg}`)).toEqual([
      'info LTC chain poll: waiting for the devnet (no responders)',
      'info LTC chain poll: reachable again after 2 s',
      'warn LTC chain poll: the devnet (no responders) unreachable; trying again, less often the longer it lasts',
    ]);
  });

  it('logs a fault at error with the error itself (its stack), the same one at most once a minute, and says when the work recovered', () => {
    const { lines, wait, advance } = setUp();
    const fault = new Error('StaleCursorError: the cursor moved');
    const other = new Error('column "cursor" does not exist');
    const message = 'LTC chain poll failed; trying again';
    for (let i = 0; i < 30; i++) {
      wait.failed(fault, message);
      advance(1_000);
    }
    wait.failed(other, message);
    advance(30_000);
    wait.failed(fault, message);
    wait.succeeded();
    expect(lines).toEqual([
      ['error', { err: fault, task: 'LTC chain poll' }, message],
      ['error', { err: other, task: 'LTC chain poll' }, message],
      ['error', { err: fault, task: 'LTC chain poll' }, message],
      ['info', { task: 'LTC chain poll' }, 'LTC chain poll recovered'],
    ]);
    const { lines: again, wait: repeated, advance: later } = setUp();
    for (let i = 0; i < 70; i++) {
      repeated.failed(fault, message);
      later(1_000);
    }
    repeated.succeeded();
    expect(again).toEqual([
      ['error', { err: fault, task: 'LTC chain poll' }, message],
      ['error', { err: fault, task: 'LTC chain poll', repeats: 59 }, message],
      ['info', { task: 'LTC chain poll', repeats: 9 }, 'LTC chain poll recovered'],
    ]);
  });

  it('logs a fault at the level the work asks for, with its details', () => {
    const lines: Array<[string, object, string]> = [];
    const at = (level: string) => (obj: object, msg?: string) => void lines.push([level, obj, msg ?? '']);
    const wait = new DependencyWait(
      'confirmations of LTC',
      quietLogger({ error: at('error'), warn: at('warn'), info: at('info') }),
      { faultLevel: 'warn' },
    );
    const fault = new Error('unexpected answer');
    wait.failed(fault, 'confirmation check failed', { transferId: 'T1' });
    expect(lines).toEqual([
      ['warn', { transferId: 'T1', err: fault, task: 'confirmations of LTC' }, 'confirmation check failed'],
    ]);
  });

  it('warns at once when a dependency that had answered goes away, then at doubling intervals', () => {
    const { lines, wait, advance } = setUp();
    wait.succeeded();
    for (let i = 0; i < 8 * 60; i++) {
      wait.failed(noResponders);
      advance(1_000);
    }
    wait.succeeded();
    expect(lines.map(([level, , msg]) => `${level} ${msg}`)).toEqual([
      'warn LTC chain poll: the devnet (no responders) unreachable; trying again, less often the longer it lasts',
      'warn LTC chain poll: still waiting for the devnet (no responders) after 60 s',
      'warn LTC chain poll: still waiting for the devnet (no responders) after 180 s',
      'warn LTC chain poll: still waiting for the devnet (no responders) after 420 s',
      'info LTC chain poll: reachable again after 480 s',
    ]);
    expect(lines[1][1]).toMatchObject({ attempts: 61 });
  });

  it('backs off: each failure in a row doubles the pause, up to the cap; a success resets it', () => {
    let now = 0;
    const wait = new DependencyWait(
      'confirmations of LTC',
      quietLogger({ error: () => undefined, info: () => undefined }),
      {
        clock: () => now,
        backoffMs: 500,
        maxBackoffMs: 3_000,
      },
    );
    expect(wait.due()).toBe(true);
    const pauses: number[] = [];
    for (let i = 0; i < 6; i++) {
      wait.failed(noResponders);
      pauses.push(wait.retryInMs);
    }
    expect(pauses).toEqual([500, 1_000, 2_000, 3_000, 3_000, 3_000]);
    expect(wait.due()).toBe(false);
    now += 2_999;
    expect(wait.due()).toBe(false);
    now += 1;
    expect(wait.due()).toBe(true);
    wait.succeeded();
    expect(wait.retryInMs).toBe(500);
    expect(wait.due()).toBe(true);
  });
});
