import type { Bus } from '@swap/bus';
import { chainReader, chainSender, nodeSettings } from './chain-adapters';
import { NodeSettingsError } from './verify-nodes';

const bus = {} as Bus;
const noKeys = {
  signer: () => {
    throw new Error('no keys');
  },
  accountPublic: '',
};
const pending = { signedFrom: async () => [] };

const problemOf = (read: () => unknown): string[] => {
  try {
    read();
  } catch (err) {
    if (err instanceof NodeSettingsError) return err.problems;
    throw err;
  }
  throw new Error('no problem found');
};

describe('real nodes chosen by their variables', () => {
  it.each([
    ['SOL', { SOL_RPC_URL: 'not a url' }, 'SOL_RPC_URL is not a URL'],
    ['SOL', { SOL_RPC_URL: 'ftp://user:hunter2@x' }, 'SOL_RPC_URL must be http(s)'],
    ['SOL', { SOL_RPC_URL: 'http://x', SOL_NETWORK: 'moon' }, 'SOL_NETWORK must be one of'],
    [
      'TRX',
      { TRX_RPC_URL: 'http://x', USDTTRC_CONTRACT: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
      'USDTTRC_CONTRACT must be a Tron address',
    ],
    [
      'TRX',
      { TRX_RPC_URL: 'http://x', TRX_SWEEP_ENERGY: 'rent' },
      'TRX_SWEEP_ENERGY must be one of burn, delegate',
    ],
    [
      'TRX',
      { TRX_RPC_URL: 'http://x', TRX_TX_EXPIRATION_SECONDS: '100000' },
      'TRX_TX_EXPIRATION_SECONDS must be at most',
    ],
  ] as const)(
    '%s: a setting that cannot work is a NodeSettingsError naming it (%j)',
    (network, env, message) => {
      const reading = problemOf(() =>
        chainReader(network, nodeSettings(network, env), { bus, accountPublic: '' }),
      );
      const sending = problemOf(() =>
        chainSender(network, nodeSettings(network, env), { bus, keys: noKeys, pending }),
      );
      expect(reading).toEqual([expect.stringContaining(message)]);
      expect(sending).toEqual(reading);
      expect(reading.join()).not.toContain('hunter2');
    },
  );

  it('takes TRX and SOL nodes with their settings', () => {
    const env = {
      TRX_RPC_URL: 'https://api.trongrid.io',
      SOL_RPC_URL: 'https://api.mainnet-beta.solana.com',
    };
    expect(chainReader('TRX', nodeSettings('TRX', env), { bus, accountPublic: '' }).network).toBe('TRX');
    expect(chainReader('SOL', nodeSettings('SOL', env), { bus, accountPublic: '' }).network).toBe('SOL');
  });
});
