import { accountPublicKey, mnemonicToSeed } from '@swap/chain-keys';
import { NodeSettingsError } from '@swap/chain';
import { ConfigError, parseConfig } from '@swap/service-kit';
import { completeConfig, watcherConfigSchema } from './watcher.config';

const SEED = mnemonicToSeed(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const BTC_XPUB = accountPublicKey(SEED, 'BTC');

const env = (overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  NATS_URL: 'nats://127.0.0.1:4222',
  DATABASE_URL: 'postgres://swap:secret@127.0.0.1:5432/swap',
  WATCHER_NETWORK: 'BTC',
  BTC_XPUB,
  ...overrides,
});

function problems(variables: NodeJS.ProcessEnv): string[] {
  try {
    parseConfig(watcherConfigSchema, variables);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('the configuration was accepted');
}

describe('watcher configuration', () => {
  it("needs only its own network's key, and derives the treasury's hot wallet from it", () => {
    const config = parseConfig(watcherConfigSchema, env({ HOSTNAME: 'watcher-btc-0' }));

    expect(config).toMatchObject({ network: 'BTC', hostname: 'watcher-btc-0', pollMs: 1000, dbPoolSize: 5 });
    // BIP84 test vector of the test phrase: m/84'/0'/0'/0/0.
    expect(config.settings).toEqual({
      network: 'BTC',
      hotWallet: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      retentionDays: 30,
      startDepth: 1,
      vanishBlocks: 3,
      keepBlocks: 7,
      lateWindowMs: 3_600_000,
      clockSkewMs: 10_000,
      blocksPerPoll: 100,
      leaseMs: 15_000,
    });
  });

  it('takes the watcher settings from the environment', () => {
    const config = parseConfig(
      watcherConfigSchema,
      env({
        WATCHER_POLL_MS: '250',
        WATCHER_RETENTION_DAYS: '7',
        WATCHER_START_DEPTH: '0',
        WATCHER_VANISH_BLOCKS: '6',
        WATCHER_REORG_MARGIN: '10',
        WATCHER_LEASE_SECONDS: '30',
        WATCHER_LATE_WINDOW_SECONDS: '600',
        WATCHER_CLOCK_SKEW_SECONDS: '2.5',
      }),
    );
    expect(config.pollMs).toBe(250);
    expect(config.settings).toMatchObject({
      retentionDays: 7,
      startDepth: 0,
      vanishBlocks: 6,
      keepBlocks: 11,
      lateWindowMs: 600_000,
      clockSkewMs: 2500,
      leaseMs: 30_000,
    });
  });

  it('takes a real node where this build speaks to one, and keeps its account key for the reader', () => {
    const config = parseConfig(
      watcherConfigSchema,
      env({ BTC_RPC_URL: 'http://user:hunter2@127.0.0.1:8332' }),
    );
    expect(config.accountPublic).toBe(BTC_XPUB);
  });

  it("parses its own network's node with the config (another's is not its to read), the devnet unless a node is named", () => {
    const variables = env({
      BTC_RPC_URL: 'http://user:hunter2@127.0.0.1:8332',
      BTC_WALLET_BIRTHDAY: 'now',
      LTC_RPC_URL: 'not a url',
    });
    const config = completeConfig(parseConfig(watcherConfigSchema, variables), variables);
    expect(config.node).toMatchObject({ node: 'utxo', network: 'BTC' });
    expect(completeConfig(parseConfig(watcherConfigSchema, env()), env()).node).toEqual({ node: 'devnet' });
  });

  it('names the variable of a node setting that cannot work', () => {
    const variables = env({
      WATCHER_NETWORK: 'TRX',
      TRX_XPUB: accountPublicKey(SEED, 'TRX'),
      TRX_RPC_URL: 'trongrid.io',
    });
    const parsed = parseConfig(watcherConfigSchema, variables);
    expect(() => completeConfig(parsed, variables)).toThrow(NodeSettingsError);
    expect(() => completeConfig(parsed, variables)).toThrow(/TRX_RPC_URL is not a URL/);
  });

  it('takes real Tron and Solana nodes too (their settings are checked by the reader)', () => {
    for (const network of ['SOL', 'TRX'] as const) {
      const variables = { WATCHER_NETWORK: network, [`${network}_XPUB`]: accountPublicKey(SEED, network) };
      const config = parseConfig(
        watcherConfigSchema,
        env({ ...variables, [`${network}_RPC_URL`]: 'https://user:hunter2@node.example' }),
      );
      expect(config.network).toBe(network);
    }
  });

  it("names a missing or unusable key of its network, and no other network's", () => {
    expect(problems(env({ BTC_XPUB: undefined }))).toEqual(['BTC_XPUB: missing (required)']);
    expect(problems(env({ BTC_XPUB: 'xpub-garbage' }))).toEqual([
      'BTC_XPUB: not an account public key of BTC (swapctl keys xpubs prints them)',
    ]);
  });

  it('needs to know which network it watches', () => {
    expect(problems(env({ WATCHER_NETWORK: undefined }))).toEqual(['WATCHER_NETWORK: missing (required)']);
    expect(problems(env({ WATCHER_NETWORK: 'DOGE' }))[0]).toMatch(/^WATCHER_NETWORK: /);
  });
});
