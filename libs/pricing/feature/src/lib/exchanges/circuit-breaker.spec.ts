import { CircuitBreaker, CircuitOpenError } from './circuit-breaker';

describe('CircuitBreaker', () => {
  let now: number;
  let breaker: CircuitBreaker;
  let calls: number;
  const fail = () => {
    calls++;
    return Promise.reject(new Error('exchange down'));
  };
  const succeed = () => {
    calls++;
    return Promise.resolve('prices');
  };

  beforeEach(() => {
    now = 1_700_000_000_000;
    calls = 0;
    breaker = new CircuitBreaker('kraken', { failureThreshold: 3, cooldownMs: 60_000, clock: () => now });
  });

  async function failTimes(n: number) {
    for (let i = 0; i < n; i++) await expect(breaker.execute(fail)).rejects.toThrow('exchange down');
  }

  it('passes results and errors through while closed', async () => {
    await expect(breaker.execute(succeed)).resolves.toBe('prices');
    await failTimes(2);
    expect(breaker.state).toBe('closed');
    expect(breaker.consecutiveFailures).toBe(2);
  });

  it('counts only consecutive failures', async () => {
    await failTimes(2);
    await breaker.execute(succeed);
    await failTimes(2);
    expect(breaker.state).toBe('closed');
  });

  it('opens after N consecutive failures and rejects without calling', async () => {
    await failTimes(3);
    expect(breaker.state).toBe('open');
    now += 59_999;
    const err = await breaker.execute(succeed).catch((e) => e);
    expect(err).toBeInstanceOf(CircuitOpenError);
    expect(err.message).toBe(
      `kraken: circuit open until ${new Date(1_700_000_060_000).toISOString()}, not calling the exchange`,
    );
    expect(calls).toBe(3);
  });

  it('closes after a successful half-open trial', async () => {
    await failTimes(3);
    now += 60_000;
    expect(breaker.state).toBe('half-open');
    await expect(breaker.execute(succeed)).resolves.toBe('prices');
    expect(breaker.state).toBe('closed');
    expect(breaker.consecutiveFailures).toBe(0);
    // Closed again: it takes N fresh failures to re-open.
    await failTimes(2);
    expect(breaker.state).toBe('closed');
  });

  it('re-opens for a new cool-down when the trial fails', async () => {
    await failTimes(3);
    now += 60_000;
    await expect(breaker.execute(fail)).rejects.toThrow('exchange down');
    expect(breaker.state).toBe('open');
    now += 30_000;
    await expect(breaker.execute(succeed)).rejects.toBeInstanceOf(CircuitOpenError);
    expect(calls).toBe(4);
    now += 30_000;
    await expect(breaker.execute(succeed)).resolves.toBe('prices');
    expect(calls).toBe(5);
  });

  it('lets only one trial through while half-open', async () => {
    await failTimes(3);
    now += 60_000;
    let release: (value: string) => void = () => undefined;
    const trial = breaker.execute(() => new Promise<string>((resolve) => (release = resolve)));
    await expect(breaker.execute(succeed)).rejects.toBeInstanceOf(CircuitOpenError);
    release('trial prices');
    await expect(trial).resolves.toBe('trial prices');
    expect(breaker.state).toBe('closed');
  });
});
