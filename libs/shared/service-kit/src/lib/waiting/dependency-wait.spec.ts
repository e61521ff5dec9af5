import { DependencyWait } from './dependency-wait';

const noResponders = Object.assign(new Error('bus unavailable on devnet.rpc.tip: no-responders'), {
  name: 'BusUnavailableError',
  subject: 'devnet.rpc.tip',
  reason: 'no-responders',
});

function setUp(stillWaitingMs = 60_000) {
  const lines: Array<[string, object, string]> = [];
  const at = (level: string) => (obj: object, msg?: string) => void lines.push([level, obj, msg ?? '']);
  const logger = { error: at('error'), warn: at('warn'), info: at('info') };
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

  it('starts a new outage quietly after the last one ended', () => {
    const { lines, wait, advance } = setUp();
    wait.failed(noResponders);
    advance(2_000);
    wait.succeeded();
    wait.failed(noResponders);
    wait.failed(noResponders);
    expect(lines.map(([, , msg]) => msg)).toEqual([
      'LTC chain poll: waiting for the devnet (no responders)',
      'LTC chain poll: reachable again after 2 s',
      'LTC chain poll: waiting for the devnet (no responders)',
    ]);
  });

  it('logs every fault at error with the error itself (its stack), and says when the work recovered', () => {
    const { lines, wait } = setUp();
    const fault = new Error('StaleCursorError: the cursor moved');
    wait.failed(fault, 'LTC chain poll failed; retrying in 1000 ms');
    wait.failed(fault, 'LTC chain poll failed; retrying in 1000 ms');
    wait.succeeded();
    expect(lines).toEqual([
      ['error', { err: fault, task: 'LTC chain poll' }, 'LTC chain poll failed; retrying in 1000 ms'],
      ['error', { err: fault, task: 'LTC chain poll' }, 'LTC chain poll failed; retrying in 1000 ms'],
      ['info', { task: 'LTC chain poll' }, 'LTC chain poll recovered'],
    ]);
  });

  it('logs a fault at the level the work asks for, with its details', () => {
    const lines: Array<[string, object, string]> = [];
    const at = (level: string) => (obj: object, msg?: string) => void lines.push([level, obj, msg ?? '']);
    const wait = new DependencyWait(
      'confirmations of LTC',
      { error: at('error'), warn: at('warn'), info: at('info') },
      { faultLevel: 'warn' },
    );
    const fault = new Error('unexpected answer');
    wait.failed(fault, 'confirmation check failed', { transferId: 'T1' });
    expect(lines).toEqual([
      ['warn', { transferId: 'T1', err: fault, task: 'confirmations of LTC' }, 'confirmation check failed'],
    ]);
  });
});
