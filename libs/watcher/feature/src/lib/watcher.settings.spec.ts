import { addressKey } from './address-key';
import { deepestRequirement, watcherSettings } from './watcher.settings';

describe('watcher settings', () => {
  it.each([
    ['BTC', 1],
    ['LTC', 2],
    ['XMR', 5],
    ['TRX', 20],
    ['ETH', 12],
    ['SOL', 1],
    ['AVAX', 30],
  ] as const)('the deepest requirement on %s is %i', (network, deepest) => {
    expect(deepestRequirement(network)).toBe(deepest);
  });

  it('defaults: start at the deepest requirement, keep it plus a margin or an hour, 30 days, 3 blocks', () => {
    expect(watcherSettings('ETH', '0xhot')).toEqual({
      network: 'ETH',
      hotWallet: '0xhot',
      retentionDays: 30,
      startDepth: 12,
      vanishBlocks: 3,
      keepBlocks: 18,
      lateWindowMs: 3_600_000,
      clockSkewMs: 10_000,
      blocksPerPoll: 100,
      leaseMs: 15_000,
    });
  });

  it('compares EVM addresses in any letter case, others exactly', () => {
    const checksummed = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(addressKey('ETH', checksummed)).toBe(addressKey('ETH', checksummed.toLowerCase()));
    expect(addressKey('AVAX', checksummed)).toBe(checksummed.toLowerCase());
    expect(addressKey('TRX', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe(
      'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    );
  });
});
