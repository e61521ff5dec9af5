import { accountPublicKey, depositAddress, mnemonicToSeed } from '@swap/chain-keys';
import { isMoneroAddressOf } from './monero-address';
import { moneroViewWallet } from './monero-wallet-keys';

const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('Monero addresses', () => {
  let account: string;
  beforeAll(async () => {
    account = accountPublicKey(await mnemonicToSeed(PHRASE), 'XMR');
  });

  it('takes standard and subaddresses of the chain, and refuses the other network', () => {
    for (const index of [0, 1, 7]) {
      expect(isMoneroAddressOf(depositAddress('XMR', account, index, { chain: 'regtest' }), 'regtest')).toBe(
        true,
      );
      expect(isMoneroAddressOf(depositAddress('XMR', account, index, { chain: 'mainnet' }), 'mainnet')).toBe(
        true,
      );
      expect(isMoneroAddressOf(depositAddress('XMR', account, index, { chain: 'testnet' }), 'testnet')).toBe(
        true,
      );
      expect(isMoneroAddressOf(depositAddress('XMR', account, index, { chain: 'testnet' }), 'mainnet')).toBe(
        false,
      );
      expect(isMoneroAddressOf(depositAddress('XMR', account, index, { chain: 'mainnet' }), 'testnet')).toBe(
        false,
      );
    }
  });

  it('takes an integrated mainnet address (Monero docs example)', () => {
    const integrated =
      '4LL9oSLmtpccfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3skxNgYeYTRj5UzqtReoS44qo9mtmXCqY45DJ852K5Jv2bYXZKKQePHES9khPK';
    expect(isMoneroAddressOf(integrated, 'mainnet')).toBe(true);
  });

  it('refuses a bad checksum and what is not base58', () => {
    const address = depositAddress('XMR', account, 1, { chain: 'mainnet' });
    const flipped = address.slice(0, -1) + (address.endsWith('a') ? 'b' : 'a');
    expect(isMoneroAddressOf(flipped, 'mainnet')).toBe(false);
    expect(isMoneroAddressOf('0OIl', 'mainnet')).toBe(false);
    expect(isMoneroAddressOf('', 'mainnet')).toBe(false);
  });

  it("gives the watcher's wallet the primary address and the account's private view key", () => {
    const wallet = moneroViewWallet(account, 'regtest');
    expect(wallet).toEqual({
      address: depositAddress('XMR', account, 0, { chain: 'regtest' }),
      viewKey: account.slice('xmrview:'.length + 64),
    });
  });
});
