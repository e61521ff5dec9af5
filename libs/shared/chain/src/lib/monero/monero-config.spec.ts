import { moneroConfig, walletFileName } from './monero-config';

const base = { XMR_DAEMON_RPC_URL: 'http://127.0.0.1:18081', XMR_WALLET_RPC_URL: 'http://127.0.0.1:18083' };

describe('moneroConfig', () => {
  it('reads the defaults', () => {
    expect(moneroConfig(base)).toEqual({
      daemonUrl: base.XMR_DAEMON_RPC_URL,
      walletUrl: base.XMR_WALLET_RPC_URL,
      chain: 'mainnet',
      walletName: undefined,
      walletPassword: '',
      restoreHeight: 0,
      subaddressLookahead: 1000,
    });
  });

  it('reads every variable', () => {
    const env = {
      ...base,
      XMR_NETWORK: 'testnet',
      XMR_WALLET_NAME: 'treasury',
      XMR_WALLET_PASSWORD: 'pw',
      XMR_RESTORE_HEIGHT: '3100000',
      XMR_SUBADDRESS_LOOKAHEAD: '50',
    };
    expect(moneroConfig(env)).toMatchObject({
      chain: 'testnet',
      walletName: 'treasury',
      walletPassword: 'pw',
      restoreHeight: 3_100_000,
      subaddressLookahead: 50,
    });
  });

  it.each([
    [{ XMR_WALLET_RPC_URL: base.XMR_WALLET_RPC_URL }, 'XMR_DAEMON_RPC_URL'],
    [{ XMR_DAEMON_RPC_URL: base.XMR_DAEMON_RPC_URL }, 'XMR_WALLET_RPC_URL'],
    [{ ...base, XMR_DAEMON_RPC_URL: 'ftp://x' }, 'XMR_DAEMON_RPC_URL'],
    [{ ...base, XMR_NETWORK: 'stagenet' }, 'XMR_NETWORK'],
    [{ ...base, XMR_RESTORE_HEIGHT: '-1' }, 'XMR_RESTORE_HEIGHT'],
    [{ ...base, XMR_RESTORE_HEIGHT: '1.5' }, 'XMR_RESTORE_HEIGHT'],
    [{ ...base, XMR_SUBADDRESS_LOOKAHEAD: '0' }, 'XMR_SUBADDRESS_LOOKAHEAD'],
    [{ ...base, XMR_WALLET_NAME: '../etc/passwd' }, 'XMR_WALLET_NAME'],
  ])('names the bad variable %#', (env, variable) => {
    expect(() => moneroConfig(env)).toThrow(variable);
  });

  it('never repeats a URL, which may hold a password', () => {
    const env = { ...base, XMR_WALLET_RPC_URL: 'http://user:secret@[bad' };
    expect(() => moneroConfig(env)).toThrow('XMR_WALLET_RPC_URL is not a URL');
    expect(() => moneroConfig(env)).not.toThrow(/secret/);
  });

  it('derives the wallet file name from the address, marking view-only wallets', () => {
    const config = moneroConfig(base);
    const address =
      '47tNqJEWRkQgEqBT67RwRBP9tMLBRmmWTDyTpbW2hvoYZmSki9HwyoWhbVuBEs7VY74f14cWFELAYiqdC6stwmL3K7oFB5u';
    expect(walletFileName(config, { address, viewKey: 'v' })).toBe('swap-47tNqJEWRkQg-view');
    expect(walletFileName(config, { address, viewKey: 'v', spendKey: 's' })).toBe('swap-47tNqJEWRkQg');
    expect(walletFileName({ ...config, walletName: 'hot' }, { address, viewKey: 'v' })).toBe('hot');
  });
});
