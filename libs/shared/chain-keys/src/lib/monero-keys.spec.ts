import moneroTs from 'monero-ts';
import { accountPublicKey } from './account-keys';
import { depositAddress } from './deposit-address';
import { mnemonicToSeed } from './mnemonic';
import { moneroAccount, parseMoneroAccountPublic } from './monero-keys';
import { ABANDON_MNEMONIC } from './test-mnemonic';

const seed = mnemonicToSeed(ABANDON_MNEMONIC);
const account = moneroAccount(seed);
const accountPublic = accountPublicKey(seed, 'XMR');
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const INDICES = [1, 2, 3, 100, 65535, 2 ** 31 - 1];

// monero-ts (Monero's own C++ compiled to WASM) is the oracle: wallets restored offline from keys.
describe('XMR addresses against monero-ts', () => {
  // monero-ts runs its WASM in a worker thread that would keep jest alive.
  afterAll(() => moneroTs.LibraryUtils.terminateWorker());

  it('spend key wallet: same view key, primary address and subaddresses (0, i)', async () => {
    const wallet = await moneroTs.createWalletKeys({
      networkType: moneroTs.MoneroNetworkType.MAINNET,
      privateSpendKey: hex(account.spendSecret),
    });
    // Monero derives the view key as Hs(spend key): ours must agree.
    expect(await wallet.getPrivateViewKey()).toBe(hex(account.viewSecret));
    expect(await wallet.getPublicSpendKey()).toBe(hex(account.publicSpendKey));
    expect(depositAddress('XMR', accountPublic, 0)).toBe(await wallet.getPrimaryAddress());
    for (const index of INDICES) {
      expect(depositAddress('XMR', accountPublic, index)).toBe(await wallet.getAddress(0, index));
    }
    await wallet.close();
  }, 60000);

  it('view-only wallet from the watcher material (primary address + view key), on testnet prefixes', async () => {
    const parsed = parseMoneroAccountPublic(accountPublic);
    const wallet = await moneroTs.createWalletKeys({
      networkType: moneroTs.MoneroNetworkType.TESTNET,
      primaryAddress: depositAddress('XMR', accountPublic, 0, { chain: 'testnet' }),
      privateViewKey: hex(parsed.privateViewKey),
    });
    for (const index of INDICES.slice(0, 3)) {
      expect(depositAddress('XMR', accountPublic, index, { chain: 'testnet' })).toBe(
        await wallet.getAddress(0, index),
      );
    }
    await wallet.close();
  }, 60000);

  it('regtest uses the mainnet prefixes', () => {
    expect(depositAddress('XMR', accountPublic, 4, { chain: 'regtest' })).toBe(
      depositAddress('XMR', accountPublic, 4),
    );
  });

  it('refuses a view key that is not a reduced scalar', () => {
    const unreduced = accountPublic.slice(0, -64) + 'ff'.repeat(32);
    expect(() => parseMoneroAccountPublic(unreduced)).toThrow(/reduced scalar/);
  });
});
