import { quietLogger } from '@swap/domain/testing';
import { swapSnapshotFixture } from '@swap/testing';
import { FakeChains } from '../../test/fake-chain';
import { ExpectDepositAddresses } from './expect-addresses';

const logger = quietLogger({ info: jest.fn(), warn: jest.fn(), error: jest.fn() });
let now = 0;
const clock = () => now;
/** Past any backoff: a node that failed is asked again only once it is over. */
const later = () => (now += 60_000);
const swap = (depositIndex: number | null, overrides = {}) =>
  swapSnapshotFixture({ from: 'LTC', to: 'ETH', depositIndex, ...overrides });

describe('ExpectDepositAddresses', () => {
  it("tells the source network's node each higher deposit index once", async () => {
    const chains = new FakeChains();
    const addresses = new ExpectDepositAddresses(chains, logger);
    for (const index of [3, 5, 4, 5, null]) await addresses.onSwapUpdated(swap(index));
    await addresses.onSwapUpdated(swap(9, { dryrun: true }));
    expect(chains.chain('LTC').expected).toEqual([3, 5]);
    expect(chains.chain('ETH').expected).toEqual([]);
  });

  it('keeps the index a node could not take and asks again on retry, without failing the event', async () => {
    const chains = new FakeChains();
    const ltc = chains.chain('LTC');
    const addresses = new ExpectDepositAddresses(chains, logger, undefined, clock);
    ltc.expectError = new Error('connect ECONNREFUSED 127.0.0.1:19332');
    await expect(addresses.onSwapUpdated(swap(7))).resolves.toBeUndefined();
    // A node not listening is waited for quietly: one line, without the error's stack.
    expect(logger.info).toHaveBeenCalledWith(
      expect.not.objectContaining({ err: expect.anything() }),
      'node addresses of LTC: waiting for a dependency (connection refused)',
    );
    later();
    await addresses.retry();
    expect(ltc.expected).toEqual([]);
    ltc.expectError = null;
    await addresses.retry(); // within the backoff: not asked
    expect(ltc.expected).toEqual([]);
    later();
    await addresses.retry();
    await addresses.retry();
    expect(ltc.expected).toEqual([7]);
    expect(logger.info).toHaveBeenLastCalledWith(
      expect.anything(),
      expect.stringMatching(/^node addresses of LTC: reachable again after \d+ s$/),
    );
  });

  it('logs a refusal that is not an outage with its error, at most once a minute', async () => {
    const chains = new FakeChains();
    const warn = jest.fn();
    const addresses = new ExpectDepositAddresses(chains, quietLogger({ ...logger, warn }), undefined, clock);
    const refusal = new Error('Wallet file not found');
    chains.chain('LTC').expectError = refusal;
    await addresses.onSwapUpdated(swap(3));
    now += 2_000;
    await addresses.retry();
    expect(warn).toHaveBeenCalledTimes(1);
    later();
    await addresses.retry();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenLastCalledWith(
      expect.objectContaining({ err: refusal, network: 'LTC', index: 3, repeats: 1 }),
      'the node did not take the new deposit addresses; retrying',
    );
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: refusal, network: 'LTC', index: 3 }),
      'the node did not take the new deposit addresses; retrying',
    );
  });

  it("asks every node wallet for the hot wallet (index 0) on the first retry, and reports each network's take", async () => {
    const chains = new FakeChains();
    const taken: string[] = [];
    const addresses = new ExpectDepositAddresses(chains, logger, (network) => taken.push(network), clock);
    chains.chain('XMR').expectError = new Error('wallet-rpc restoring');
    await addresses.retry();
    expect(chains.chain('LTC').expected).toEqual([0]);
    expect(chains.chain('XMR').expected).toEqual([]);
    expect(taken).not.toContain('XMR');
    expect(taken).toContain('LTC');
    chains.chain('XMR').expectError = null;
    taken.length = 0;
    later();
    await addresses.retry();
    expect(taken).toEqual(['XMR']);
    await addresses.onSwapUpdated(swap(4));
    expect(chains.chain('LTC').expected).toEqual([0, 4]);
    expect(taken).toEqual(['XMR', 'LTC']);
  });
});
