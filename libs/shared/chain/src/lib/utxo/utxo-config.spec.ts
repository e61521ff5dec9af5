import { inspect } from 'node:util';
import { utxoConfig } from './utxo-config';

const URL_WITH_SECRET = 'http://swap:s3cr%40t@127.0.0.1:9332';

describe('utxoConfig', () => {
  it('reads the defaults and keeps the password out of the URL, JSON and inspection', () => {
    const config = utxoConfig('LTC', { LTC_RPC_URL: URL_WITH_SECRET, LTC_WALLET_BIRTHDAY: '1700000000' });
    expect(config).toMatchObject({
      network: 'LTC',
      chain: 'mainnet',
      rpcUrl: 'http://127.0.0.1:9332/',
      wallet: 'swap-treasury',
      feeTargetBlocks: 3,
      feeMinSatVb: 1n,
      feeMaxSatVb: 500n,
      addressLookahead: 1000,
      walletBirthday: 1700000000,
    });
    expect(config.rpcAuthorization()).toBe(`Basic ${Buffer.from('swap:s3cr@t').toString('base64')}`);
    const shown = [
      JSON.stringify(config, (_, v) => (typeof v === 'bigint' ? String(v) : v)),
      String(config),
      inspect(config),
    ];
    for (const text of shown) expect(text).not.toMatch(/s3cr|c3dhcDpzM2Ny/);
  });

  it('reads every variable of its own network only', () => {
    const config = utxoConfig('BTC', {
      BTC_RPC_URL: 'https://u:p@node:8332',
      BTC_NETWORK: 'regtest',
      BTC_WALLET: 'hot',
      BTC_FEE_TARGET_BLOCKS: '6',
      BTC_FEE_MIN_SAT_VB: '2',
      BTC_FEE_MAX_SAT_VB: '80',
      BTC_ADDRESS_LOOKAHEAD: '50',
      LTC_WALLET: 'other',
    });
    expect(config).toMatchObject({
      chain: 'regtest',
      wallet: 'hot',
      feeTargetBlocks: 6,
      feeMinSatVb: 2n,
      feeMaxSatVb: 80n,
      addressLookahead: 50,
      walletBirthday: 0,
    });
    expect(
      utxoConfig('BTC', { BTC_RPC_URL: 'http://u:p@h:1', BTC_WALLET_BIRTHDAY: 'now' }).walletBirthday,
    ).toBe('now');
  });

  const regtest = { LTC_RPC_URL: URL_WITH_SECRET, LTC_NETWORK: 'regtest' };
  it.each([
    ['no URL', {}, /LTC_RPC_URL is required/],
    ['no URL syntax', { LTC_RPC_URL: 'not a url' }, /LTC_RPC_URL is not a URL/],
    ['no credentials', { LTC_RPC_URL: 'http://127.0.0.1:9332' }, /LTC_RPC_URL must carry user:password/],
    ['another scheme', { LTC_RPC_URL: 'ftp://u:p@h:1' }, /LTC_RPC_URL must be http/],
    [
      'no birthday on mainnet',
      { LTC_RPC_URL: URL_WITH_SECRET },
      /LTC_WALLET_BIRTHDAY is required on mainnet/,
    ],
    ['an unknown chain', { ...regtest, LTC_NETWORK: 'signet' }, /LTC_NETWORK must be one of/],
    ['a birthday in words', { ...regtest, LTC_WALLET_BIRTHDAY: 'yesterday' }, /LTC_WALLET_BIRTHDAY must be/],
    ['a zero fee bound', { ...regtest, LTC_FEE_MAX_SAT_VB: '0' }, /LTC_FEE_MAX_SAT_VB/],
    ['crossed fee bounds', { ...regtest, LTC_FEE_MIN_SAT_VB: '9', LTC_FEE_MAX_SAT_VB: '8' }, /below/],
    ['a fractional lookahead', { ...regtest, LTC_ADDRESS_LOOKAHEAD: '1.5' }, /LTC_ADDRESS_LOOKAHEAD/],
  ])('refuses %s, naming the variable and never the password', (_, env, message) => {
    let error: unknown;
    try {
      utxoConfig('LTC', env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('s3cr');
  });
});
