import { evmConfig } from './evm-config';

const URL_WITH_KEY = 'https://user:pw@rpc.example.com/v3/secret-key';

describe('evmConfig', () => {
  it('applies the defaults of each network', () => {
    expect(evmConfig('ETH', { ETH_RPC_URL: URL_WITH_KEY })).toEqual({
      rpcUrl: URL_WITH_KEY,
      chainId: 1n,
      usdtContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      maxFeePerGas: 500_000_000_000n,
      priorityFeePerGas: null,
      tokenGasLimit: 100_000n,
      traceInternal: false,
    });
    expect(evmConfig('AVAX', { AVAX_RPC_URL: 'http://127.0.0.1:9650/ext/bc/C/rpc' })).toMatchObject({
      chainId: 43114n,
      usdtContract: null,
    });
  });

  it('reads every variable, fees as decimal gwei', () => {
    const env = {
      ETH_RPC_URL: 'http://127.0.0.1:8545',
      ETH_CHAIN_ID: '31337',
      ETH_NETWORK: 'regtest',
      ETH_MAX_FEE_GWEI: '80.5',
      ETH_PRIORITY_FEE_GWEI: '0.000000001',
      USDTERC_CONTRACT: '0xdac17f958d2ee523a2206206994597c13d831ec7',
      USDTERC_GAS_LIMIT: '65000',
      ETH_TRACE_INTERNAL: 'true',
    };
    expect(evmConfig('ETH', env)).toEqual({
      rpcUrl: 'http://127.0.0.1:8545',
      chainId: 31337n,
      usdtContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      maxFeePerGas: 80_500_000_000n,
      priorityFeePerGas: 1n,
      tokenGasLimit: 65_000n,
      traceInternal: true,
    });
  });

  it.each([
    [{}, 'ETH_RPC_URL is required'],
    [{ ETH_RPC_URL: 'ws://127.0.0.1:8546' }, 'ETH_RPC_URL'],
    [{ ETH_RPC_URL: URL_WITH_KEY, ETH_CHAIN_ID: '0x1' }, 'ETH_CHAIN_ID'],
    [{ ETH_RPC_URL: URL_WITH_KEY, ETH_CHAIN_ID: '0' }, 'ETH_CHAIN_ID'],
    [{ ETH_RPC_URL: URL_WITH_KEY, ETH_MAX_FEE_GWEI: '0' }, 'ETH_MAX_FEE_GWEI'],
    [{ ETH_RPC_URL: URL_WITH_KEY, ETH_MAX_FEE_GWEI: '1e3' }, 'ETH_MAX_FEE_GWEI'],
    [{ ETH_RPC_URL: URL_WITH_KEY, ETH_PRIORITY_FEE_GWEI: '0.0000000001' }, 'ETH_PRIORITY_FEE_GWEI'],
    [
      { ETH_RPC_URL: URL_WITH_KEY, USDTERC_CONTRACT: '0xdAC17F958D2ee523a2206206994597C13D831ec8' },
      'USDTERC_CONTRACT',
    ],
    [{ ETH_RPC_URL: URL_WITH_KEY, USDTERC_GAS_LIMIT: '20999' }, 'USDTERC_GAS_LIMIT'],
    [{ ETH_RPC_URL: URL_WITH_KEY, ETH_TRACE_INTERNAL: 'yes' }, 'ETH_TRACE_INTERNAL'],
  ])('refuses %o naming the variable', (env, variable) => {
    expect(() => evmConfig('ETH', env)).toThrow(variable);
  });

  it('never quotes the RPC URL', () => {
    const bad = 'ftp://user:pw@host/secret-key';
    expect(() => evmConfig('AVAX', { AVAX_RPC_URL: bad })).toThrow('AVAX_RPC_URL is not an http(s) URL');
  });
});
