import { HDKey } from '@scure/bip32';
import { ACCOUNT_PATHS } from './paths';
import { accountPublicKey } from './account-keys';
import { addressKey } from './address-key';
import { keySource } from './key-source';
import { mnemonicToSeed } from './mnemonic';
import { ABANDON_MNEMONIC } from './test-mnemonic';

const seed = mnemonicToSeed(ABANDON_MNEMONIC);
const accountXprv = (path: string, tprv = false) => {
  const node = HDKey.fromMasterSeed(seed, tprv ? { private: 0x04358394, public: 0x043587cf } : undefined);
  return node.derive(path).privateExtendedKey;
};

describe('keySource', () => {
  it('signs with the same keys from an account xprv as from the seed, on the chain asked for', () => {
    const fromSeed = keySource({ seed, chains: { LTC: 'regtest' } });
    const fromXprv = keySource({
      xprvs: { LTC: accountXprv(ACCOUNT_PATHS.LTC, true) },
      chains: { LTC: 'regtest' },
    });
    for (const index of [0, 1, 77]) {
      expect(fromXprv.key('LTC', index).address).toBe(fromSeed.key('LTC', index).address);
      expect(fromXprv.key('LTC', index).address).toMatch(/^rltc1/);
    }
    expect(fromXprv.accountPublic('LTC')).toBe(accountPublicKey(seed, 'LTC'));
    expect(fromSeed.key('ETH', 3).address).toBe(addressKey(seed, 'ETH', 3).address);
  });

  it('signs only for the networks it has a key of, and says which variable to set', () => {
    const source = keySource({ xprvs: { ETH: accountXprv(ACCOUNT_PATHS.ETH) } });
    expect(source.networks).toEqual(['ETH']);
    expect(() => source.key('BTC', 0)).toThrow('set TREASURY_MNEMONIC or BTC_XPRV');
    expect(() => source.moneroWallet()).toThrow('XMR_XPRV');
  });

  it('refuses an xprv that is not an account key, or not private, without repeating it', () => {
    const master = HDKey.fromMasterSeed(seed);
    const wrongDepth = master.derive("m/44'/60'").privateExtendedKey;
    const publicOnly = master.derive(ACCOUNT_PATHS.ETH).publicExtendedKey;
    expect(() => keySource({ xprvs: { ETH: wrongDepth } })).toThrow('depth 3');
    expect(() => keySource({ xprvs: { ETH: publicOnly } })).toThrow(
      /not a BIP32 extended private key|public key/,
    );
    try {
      keySource({ xprvs: { ETH: wrongDepth } });
    } catch (err) {
      expect(String(err)).not.toContain(wrongDepth.slice(4, 30));
    }
  });

  it('gives the Monero wallet secrets whose address is the XMR hot wallet', () => {
    const source = keySource({ seed, chains: { XMR: 'regtest' } });
    const wallet = source.moneroWallet();
    expect(wallet.address).toBe(source.key('XMR', 0).address);
    expect(wallet.spendKey).toMatch(/^[0-9a-f]{64}$/);
    expect(wallet.viewKey).toMatch(/^[0-9a-f]{64}$/);
  });
});
