import { quietLogger } from '@swap/domain/testing';
import { logFailure } from './log-failure';

describe('logFailure', () => {
  const logger = () => quietLogger({ error: jest.fn(), warn: jest.fn(), info: jest.fn() });

  it('says in one warning, without the error (its stack), that a dependency is away', () => {
    const log = logger();
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      address: '127.0.0.1',
      port: 5432,
    });
    logFailure(log, refused, 'outbox relay failed', { pass: 3 });
    expect(log.warn).toHaveBeenCalledWith(
      { pass: 3, reason: 'connection refused', dependency: '127.0.0.1:5432' },
      'outbox relay failed: 127.0.0.1:5432 away (connection refused)',
    );
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs anything else at error with the error itself', () => {
    const log = logger();
    const fault = new Error('column "x" does not exist');
    logFailure(log, fault, 'outbox relay failed');
    expect(log.error).toHaveBeenCalledWith({ err: fault }, 'outbox relay failed');
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('takes the devnet reloading its chain (its UNAVAILABLE answer) for a dependency away', () => {
    const log = logger();
    const reloading = Object.assign(new Error('the ETH chain is being reloaded from its database'), {
      name: 'DevnetRpcError',
      code: 'UNAVAILABLE',
    });
    logFailure(log, reloading, 'sending failed', { network: 'ETH' });
    expect(log.warn).toHaveBeenCalledWith(
      { network: 'ETH', reason: 'unavailable', dependency: undefined },
      'sending failed: a dependency away (unavailable)',
    );
  });
});
