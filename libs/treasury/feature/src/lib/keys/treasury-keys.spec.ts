import type { AddressSigner } from '@swap/chain';
import type { KeySource } from '@swap/chain-keys';
import { NETWORKS, type Network } from '@swap/domain';
import { TreasuryKeys } from './treasury-keys';

describe('TreasuryKeys', () => {
  const seed = new Uint8Array(64).fill(7);
  const derived: Array<[Network, number]> = [];
  const source: KeySource = {
    networks: NETWORKS,
    key: (network, index) => {
      derived.push([network, index]);
      return { network, index, address: `${network}:${index}:${seed[0]}` } as AddressSigner;
    },
    accountPublic: (network) => `${network}-xpub`,
    moneroWallet: () => ({ address: 'xmr', spendKey: 'secret', viewKey: 'view' }),
  };
  const keys = new TreasuryKeys(source);

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

  it('never shows the key source in JSON or in its own properties', () => {
    expect(JSON.stringify({ keys })).toBe('{"keys":"[TreasuryKeys]"}');
    expect(Object.values(keys)).not.toContainEqual(source);
  });

  it("gives a network's sender its signers by index and the account public key", () => {
    const sender = keys.senderKeys('LTC');
    expect(sender.accountPublic).toBe('LTC-xpub');
    expect(sender.signer(0).address).toBe(keys.hotAddress('LTC'));
    expect(sender.signer(9).address).toBe('LTC:9:7');
  });
});
