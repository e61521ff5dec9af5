import { isUnavailable, unavailability } from './unavailable';

/** An error as Node's net module throws it when nothing listens. */
const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
    code: 'ECONNREFUSED',
    address: '127.0.0.1',
    port: 5432,
  });

/** As the bus throws it (its own class; named here so this library needs no NATS). */
const busUnavailable = (subject: string, reason: string) =>
  Object.assign(new Error(`bus unavailable on ${subject}: ${reason}`), {
    name: 'BusUnavailableError',
    subject,
    reason,
  });

describe('unavailability', () => {
  it.each<[string, unknown, ReturnType<typeof unavailability>]>([
    ['a refused socket', refused(), { reason: 'connection refused', dependency: '127.0.0.1:5432' }],
    [
      "fetch's TypeError around a refused socket",
      new TypeError('fetch failed', { cause: refused() }),
      { reason: 'connection refused', dependency: '127.0.0.1:5432' },
    ],
    [
      'an AggregateError of both address families refused',
      Object.assign(new AggregateError([refused(), refused()], ''), { code: 'ECONNREFUSED' }),
      { reason: 'connection refused', dependency: '127.0.0.1:5432' },
    ],
    [
      "a node client's own message around undici's closed socket",
      new Error(
        'LTC node http://127.0.0.1:45671/ unreachable (getdescriptorinfo): fetch failed (UND_ERR_SOCKET)',
      ),
      { reason: 'connection reset' },
    ],
    [
      'the devnet without a responder yet',
      busUnavailable('devnet.rpc.tip', 'no-responders'),
      { reason: 'no responders', dependency: 'the devnet' },
    ],
    [
      'an ops RPC timing out',
      busUnavailable('ops.pricing.prices', 'timeout'),
      { reason: 'timed out', dependency: 'the pricing' },
    ],
    [
      'AbortSignal.timeout',
      new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      { reason: 'timed out' },
    ],
    [
      'PostgreSQL starting up',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      { reason: 'starting up' },
    ],
    [
      "a node client's own message around the socket error",
      new Error('LTC node http://127.0.0.1:19332/ unreachable (getblockcount): connect ECONNREFUSED'),
      { reason: 'connection refused' },
    ],
    [
      'a Monero daemon the client could not reach',
      Object.assign(new Error('monerod did not answer'), { name: 'MoneroUnreachableError' }),
      { reason: 'unreachable' },
    ],
  ])('%s: unavailable', (_, err, expected) => {
    expect(unavailability(err)).toEqual(expected);
    expect(isUnavailable(err)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'height')")],
    ['a SQL error', Object.assign(new Error('relation "cursors" does not exist'), { code: '42P01' })],
    ['a node refusing a transaction', new Error('bad-txns-inputs-missingorspent')],
    ['a thrown string', 'boom'],
    ['nothing', undefined],
  ])('%s: a fault', (_, err) => {
    expect(unavailability(err)).toBeNull();
    expect(isUnavailable(err)).toBe(false);
  });

  it('survives a cause that points back at itself', () => {
    const err = new Error('loop') as Error & { cause?: unknown };
    err.cause = err;
    expect(unavailability(err)).toBeNull();
  });
});
