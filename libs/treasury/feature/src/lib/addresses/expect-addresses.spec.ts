import { swapSnapshotFixture } from '@swap/testing';
import { FakeChains } from '../../test/fake-chain';
import { ExpectDepositAddresses } from './expect-addresses';

const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
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
    const addresses = new ExpectDepositAddresses(chains, logger);
    ltc.expectError = new Error('ECONNREFUSED');
    await expect(addresses.onSwapUpdated(swap(7))).resolves.toBeUndefined();
    expect(logger.warn).toHaveBeenCalled();
    await addresses.retry();
    expect(ltc.expected).toEqual([]);
    ltc.expectError = null;
    await addresses.retry();
    await addresses.retry();
    expect(ltc.expected).toEqual([7]);
  });

  it("asks every node wallet for the hot wallet (index 0) on the first retry, and reports each network's take", async () => {
    const chains = new FakeChains();
    const taken: string[] = [];
    const addresses = new ExpectDepositAddresses(chains, logger, (network) => taken.push(network));
    chains.chain('XMR').expectError = new Error('wallet-rpc restoring');
    await addresses.retry();
    expect(chains.chain('LTC').expected).toEqual([0]);
    expect(chains.chain('XMR').expected).toEqual([]);
    expect(taken).not.toContain('XMR');
    expect(taken).toContain('LTC');
    chains.chain('XMR').expectError = null;
    taken.length = 0;
    await addresses.retry();
    expect(taken).toEqual(['XMR']);
    await addresses.onSwapUpdated(swap(4));
    expect(chains.chain('LTC').expected).toEqual([0, 4]);
    expect(taken).toEqual(['XMR', 'LTC']);
  });
});
