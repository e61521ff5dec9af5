import type { AddressSigner } from '@swap/chain';
import type { Network } from '@swap/domain';
import { TreasuryKeys } from './treasury-keys';

describe('TreasuryKeys', () => {
  const seed = new Uint8Array(64).fill(7);
  const derived: Array<[Network, number]> = [];
  const keys = new TreasuryKeys(seed, (s, network, index) => {
    derived.push([network, index]);
    return { network, index, address: `${network}:${index}:${s[0]}` } as AddressSigner;
  });

  it('derives from the seed: index 0 is the hot wallet (derived once), deposits are ≥ 1', () => {
    expect(keys.hotAddress('ETH')).toBe('ETH:0:7');
    expect(keys.signer('ETH', 0).address).toBe('ETH:0:7');
    expect(keys.signer('ETH', 5).address).toBe('ETH:5:7');
    expect(derived).toEqual([
      ['ETH', 0],
      ['ETH', 5],
    ]);
  });

  it('derives a deposit address once while it is among the recently used, again once forgotten', () => {
    derived.length = 0;
    keys.signer('TRX', 1);
    keys.signer('TRX', 1);
    for (let index = 2; index <= 257; index++) keys.signer('SOL', index);
    keys.signer('TRX', 1);
    expect(derived.filter(([network]) => network === 'TRX')).toEqual([
      ['TRX', 1],
      ['TRX', 1],
    ]);
    expect(derived).toHaveLength(258);
  });

  it('never shows the seed in JSON or in its own properties', () => {
    expect(JSON.stringify({ keys })).toBe('{"keys":"[TreasuryKeys]"}');
    expect(Object.values(keys)).not.toContainEqual(seed);
  });
});
