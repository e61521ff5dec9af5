import { Writable } from 'node:stream';
import { withFields, type Logger } from '@swap/domain';
import { ConfigError, createLogger, isSecretKey } from '../../index';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, logger: createLogger('test', { level: 'info', destination }) };
}

describe('createLogger', () => {
  it('masks secret-looking fields at any depth, keeps the rest', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        mnemonic: 'abandon abandon about',
        req: { headers: { authorization: 'Bearer x', 'x-api-sign': 'abc', 'x-api-key': 'pub-key' } },
        wallet: { privateKey: '0xdead', xprv: 'xprv9s…', XMR_WALLET_PASSWORD: 'pw', address: 'bc1q…' },
        keys: [{ secret: 's1', key: 'k1' }],
        token: 'swap-token',
        tokenContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      },
      'hello',
    );
    expect(lines[0]).toMatchObject({
      service: 'test',
      level: 'info',
      msg: 'hello',
      mnemonic: '[redacted]',
      req: { headers: { authorization: '[redacted]', 'x-api-sign': '[redacted]', 'x-api-key': 'pub-key' } },
      wallet: {
        privateKey: '[redacted]',
        xprv: '[redacted]',
        XMR_WALLET_PASSWORD: '[redacted]',
        address: 'bc1q…',
      },
      keys: [{ secret: '[redacted]', key: 'k1' }],
      token: '[redacted]',
      tokenContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    });
  });

  it('masks passwords inside URLs and in child bindings', () => {
    const { lines, logger } = capture();
    logger.child({ apiSecret: 'nope' }).info({ rpc: 'http://user:pa55@127.0.0.1:19443/' }, 'rpc');
    expect(lines[0]).toMatchObject({
      apiSecret: '[redacted]',
      rpc: 'http://user:[redacted]@127.0.0.1:19443/',
    });
  });

  it('keeps errors intact for the error serializer', () => {
    const { lines, logger } = capture();
    logger.error({ err: new Error('boom') }, 'failed');
    expect(lines[0]).toMatchObject({ err: { type: 'Error', message: 'boom' } });
  });

  it('masks URL passwords and secret fields inside errors, their message, stack and causes', () => {
    const { lines, logger } = capture();
    const cause = new Error('connect to http://rpc:s3cret@10.0.0.2:9332/ refused');
    const err = Object.assign(new Error('node http://rpc:s3cret@10.0.0.2:9332/ unreachable', { cause }), {
      request: {
        url: 'https://user:hunter2@node.example/',
        headers: { authorization: 'Basic cnBjOnMzY3JldA==' },
      },
    });
    logger.error({ err }, 'failed');
    logger.error(err, 'failed again');
    for (const line of lines) {
      expect(JSON.stringify(line)).not.toMatch(/s3cret|hunter2|cnBjOnMzY3JldA/);
      expect(line).toMatchObject({
        err: {
          type: 'Error',
          message:
            'node http://rpc:[redacted]@10.0.0.2:9332/ unreachable: connect to http://rpc:[redacted]@10.0.0.2:9332/ refused',
          request: { url: 'https://user:[redacted]@node.example/', headers: { authorization: '[redacted]' } },
        },
      });
    }
  });

  it('writes through withFields the lines a pino child writes', () => {
    const child = capture();
    const wrapped = capture();
    const err = new Error('connect ECONNREFUSED');
    const write = (logger: Logger) => {
      logger.warn({ txid: 'T1' }, 'broadcast refused');
      logger.error(err);
      logger.info({ network: 'ETH' }, 'genesis checked');
    };
    write(child.logger.child({ network: 'BTC' }));
    write(withFields(wrapped.logger, { network: 'BTC' }));
    const same = (lines: Record<string, unknown>[]) => lines.map(({ time: _time, ...line }) => line);
    expect(same(wrapped.lines)).toEqual(same(child.lines));
    expect(wrapped.lines[1]).toMatchObject({
      network: 'BTC',
      msg: 'connect ECONNREFUSED',
      err: { type: 'Error' },
    });
  });

  it('honours the level', () => {
    const { lines, logger } = capture();
    logger.debug('hidden');
    expect(lines).toHaveLength(0);
  });

  it('refuses an unknown LOG_LEVEL', () => {
    expect(() => createLogger('test', { level: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('refuses an unknown LOG_FORMAT, naming it as a setting to fix', () => {
    process.env['LOG_FORMAT'] = 'yaml';
    try {
      expect(() => createLogger('test')).toThrow(ConfigError);
      expect(() => createLogger('test')).toThrow(/LOG_FORMAT: must be json or pretty/);
    } finally {
      delete process.env['LOG_FORMAT'];
    }
  });
});

describe('createLogger: pretty', () => {
  function prettyCapture() {
    const text: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _enc, done) {
        text.push(chunk.toString());
        done();
      },
    });
    return { text, logger: createLogger('gateway', { level: 'info', destination, format: 'pretty' }) };
  }

  it('writes short human lines: time, service, level, message, the plain fields', () => {
    const { text, logger } = prettyCapture();
    logger.child({ network: 'LTC' }).info({ swapId: 'S1', startupMs: { modules: 800 } }, 'swap created');
    expect(text.join('')).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}\(gateway\): swap created network=LTC swapId=S1\n$/,
    );
  });

  it('masks what the JSON lines mask, and keeps the stack of an error', () => {
    const { text, logger } = prettyCapture();
    const err = new Error('node http://rpc:s3cret@10.0.0.2:9332/ unreachable');
    logger
      .child({ apiSecret: 'nope' })
      .error({ err, mnemonic: 'abandon abandon about', rpc: 'http://user:pa55@127.0.0.1:19443/' }, 'failed');
    const written = text.join('');
    expect(written).not.toMatch(/s3cret|nope|abandon|pa55/);
    expect(written).toContain('mnemonic=[redacted]');
    expect(written).toContain('rpc=http://user:[redacted]@127.0.0.1:19443/');
    expect(written.split('\n')[1]).toBe('    Error: node http://rpc:[redacted]@10.0.0.2:9332/ unreachable');
    expect(written).toMatch(/\n {8}at /);
  });
});

describe('isSecretKey', () => {
  it.each([
    ['password', true],
    ['TREASURY_MNEMONIC', true],
    ['private_key', true],
    ['X-API-SIGN', true],
    ['refreshToken', true],
    ['seed', true],
    ['TREASURY_MNEMONIC_FILE', false],
    ['address', false],
    ['tokenCode', false],
    ['x-api-key', false],
  ])('%s → %s', (key, secret) => {
    expect(isSecretKey(key)).toBe(secret);
  });
});

describe('createLogger: repeated warnings', () => {
  function gatedCapture() {
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    let now = 0;
    const logger = createLogger('test', {
      level: 'info',
      destination,
      repeatWindowMs: 60_000,
      clock: () => now,
    });
    return { lines, logger, advance: (ms: number) => (now += ms) };
  }

  it('writes a warning of the same cause at most once a minute, counting the ones dropped', () => {
    const { lines, logger, advance } = gatedCapture();
    for (let i = 0; i < 120; i++) {
      logger.warn({ network: 'LTC', transferId: 'T1', retryInMs: 1000 * i }, 'broadcast refused');
      advance(1_000);
    }
    expect(lines.map((line) => line['repeated'])).toEqual([undefined, 59]);
    expect(lines[1]).toMatchObject({ msg: 'broadcast refused', transferId: 'T1', repeated: 59 });
  });

  it('keeps causes apart: another message, another text field, another level, a child binding', () => {
    const { lines, logger } = gatedCapture();
    logger.warn({ transferId: 'T1' }, 'broadcast refused');
    logger.warn({ transferId: 'T2' }, 'broadcast refused');
    logger.warn({ transferId: 'T1' }, 'node unreachable');
    logger.error({ transferId: 'T1' }, 'broadcast refused');
    logger.child({ network: 'BTC' }).warn({ transferId: 'T1' }, 'broadcast refused');
    logger.child({ network: 'LTC' }).warn({ transferId: 'T1' }, 'broadcast refused');
    logger.warn(new Error('connect ECONNREFUSED'), 'poll failed');
    logger.warn(new Error('socket hang up'), 'poll failed');
    logger.warn({ transferId: 'T1' }, 'broadcast refused');
    expect(lines).toHaveLength(8);
  });

  it('never holds back info or fatal lines, and writes every line with a window of 0', () => {
    const { lines, logger } = gatedCapture();
    for (let i = 0; i < 3; i++) logger.info('cursor');
    for (let i = 0; i < 2; i++) logger.fatal('chain identity mismatch');
    expect(lines).toHaveLength(5);
    const all: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _enc, done) {
        all.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const ungated = createLogger('test', { level: 'info', destination, repeatWindowMs: 0 });
    for (let i = 0; i < 3; i++) ungated.warn('again');
    expect(all).toHaveLength(3);
  });
});
