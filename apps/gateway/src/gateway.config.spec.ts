import Fastify from 'fastify';
import { ConfigError, parseConfig } from '@swap/service-kit';
import { gatewayConfigSchema } from './gateway.config';

const BASE = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
  NATS_URL: 'nats://127.0.0.1:4222',
  SECRETS_KEY: '11'.repeat(32),
};

const trustProxy = (value: string | undefined) =>
  parseConfig(gatewayConfigSchema, { ...BASE, TRUST_PROXY: value }).TRUST_PROXY;

function problems(value: string): string[] {
  try {
    parseConfig(gatewayConfigSchema, { ...BASE, TRUST_PROXY: value });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('gateway config: TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
  });

  it('trusts the last N hops, or the listed proxies', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.0/8, 192.168.1.7,fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8']);
  });

  it('refuses to trust every hop, and names what is not an address', () => {
    expect(problems('true')).toEqual([
      expect.stringMatching(/^TRUST_PROXY: trusting every hop lets a client/),
    ]);
    expect(problems('10.0.0.0/33,ingress')).toEqual([
      'TRUST_PROXY: not an IP address, CIDR or loopback/linklocal/uniquelocal: 10.0.0.0/33, ingress',
    ]);
  });

  it('takes the private ranges by name, as the chart sets them behind its Ingress', () => {
    expect(trustProxy('loopback, linklocal, uniquelocal')).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(trustProxy('uniquelocal,100.64.0.0/10')).toEqual(['uniquelocal', '100.64.0.0/10']);
  });

  it("finds the client behind an ingress controller at a private address, and believes no one else's header", async () => {
    const app = Fastify({ trustProxy: trustProxy('loopback,linklocal,uniquelocal') as string[] });
    app.get('/ip', (request) => ({ ip: request.ip }));
    const ip = async (remoteAddress: string, forwardedFor: string) =>
      (await app.inject({ url: '/ip', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } })).json()
        .ip;
    try {
      // The controller appends the address it saw: the entries before it are whatever the client wrote.
      expect(await ip('10.244.1.7', '198.51.100.23')).toBe('198.51.100.23');
      expect(await ip('10.244.1.7', '203.0.113.9, 198.51.100.23')).toBe('198.51.100.23');
      expect(await ip('fd00::7', '198.51.100.23')).toBe('198.51.100.23');
      // A client reaching the gateway from a public address is itself, whatever its header says.
      expect(await ip('198.51.100.23', '10.0.0.1')).toBe('198.51.100.23');
    } finally {
      await app.close();
    }
  });
});

describe('gateway config: the status page (D17)', () => {
  const statusPage = (env: Record<string, string> = {}) =>
    parseConfig(gatewayConfigSchema, { ...BASE, ...env });
  const problemsOf = (env: Record<string, string>) => {
    try {
      statusPage(env);
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
    return [];
  };

  it('defaults to mainnet: chain ids, the USDT contract, the explorers, 10 requests a second per IP', () => {
    const config = statusPage();
    expect(config.STATUS_PAGE_RATE_LIMIT).toBe(10);
    expect(config.statusPage.chains).toEqual({
      ethChainId: 1n,
      avaxChainId: 43114n,
      usdtErcContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    });
    expect(config.statusPage.explorers.BTC).toEqual({
      tx: 'https://mempool.space/tx/{tx}',
      address: 'https://mempool.space/address/{address}',
    });
    expect(config.statusPage.explorers.XMR.address).toBeNull();
  });

  it('reads the EVM settings the chain services read, and an explorer per network (empty: no link)', () => {
    const config = statusPage({
      ETH_CHAIN_ID: '11155111',
      AVAX_CHAIN_ID: '',
      USDTERC_CONTRACT: '0x7169D38820dfd117C3FA1f22a697dBA58d90BA06',
      EXPLORER_BTC_TX: 'https://mempool.space/testnet4/tx/{tx}',
      EXPLORER_BTC_ADDRESS: '',
    });
    expect(config.statusPage.chains).toEqual({
      ethChainId: 11155111n,
      avaxChainId: 43114n,
      usdtErcContract: '0x7169D38820dfd117C3FA1f22a697dBA58d90BA06',
    });
    expect(config.statusPage.explorers.BTC).toEqual({
      tx: 'https://mempool.space/testnet4/tx/{tx}',
      address: null,
    });
    expect(config.statusPage.explorers.LTC.tx).toBe('https://litecoinspace.org/tx/{tx}');
  });

  it('refuses an explorer without its placeholder or not on http(s), and a malformed chain id or contract', () => {
    expect(
      problemsOf({
        EXPLORER_ETH_TX: 'https://etherscan.io/tx/',
        EXPLORER_SOL_ADDRESS: 'javascript:alert({address})',
        ETH_CHAIN_ID: '0x1',
        USDTERC_CONTRACT: 'usdt',
      }),
    ).toEqual(
      expect.arrayContaining([
        'EXPLORER_ETH_TX: an http(s) URL with {tx} in it, or empty for no link',
        'EXPLORER_SOL_ADDRESS: an http(s) URL with {address} in it, or empty for no link',
        'ETH_CHAIN_ID: a positive integer',
        'USDTERC_CONTRACT: an EVM address (0x and 40 hex digits)',
      ]),
    );
  });
});

describe('gateway config: the public swap page (D19)', () => {
  const swapPage = (env: Record<string, string> = {}) =>
    parseConfig(gatewayConfigSchema, { ...BASE, ...env }).swapPage;

  it('defaults to 5 creates a minute and 3 open swaps per client, under a secret derived from SECRETS_KEY', () => {
    const config = swapPage();
    expect(config).toMatchObject({ createsPerMinute: 5, openSwaps: 3 });
    expect(config.secret).toHaveLength(32);
    expect(config.secret.equals(Buffer.from(BASE.SECRETS_KEY, 'hex'))).toBe(false); // derived, not the key itself
    expect(swapPage().secret.equals(config.secret)).toBe(true); // every replica derives the same
  });

  it('takes its own secret and limits, and refuses a short secret and a limit that is not a positive integer', () => {
    const config = swapPage({
      SWAP_PAGE_SECRET: 'x'.repeat(40),
      SWAP_PAGE_CREATES_PER_MINUTE: '2',
      SWAP_PAGE_OPEN_SWAPS: '1',
    });
    expect(config).toEqual({ secret: Buffer.from('x'.repeat(40)), createsPerMinute: 2, openSwaps: 1 });
    expect(() => swapPage({ SWAP_PAGE_SECRET: 'short' })).toThrow(/SWAP_PAGE_SECRET: at least 32 characters/);
    expect(() => swapPage({ SWAP_PAGE_OPEN_SWAPS: '0' })).toThrow(/SWAP_PAGE_OPEN_SWAPS/);
    expect(() => swapPage({ SWAP_PAGE_CREATES_PER_MINUTE: 'many' })).toThrow(/SWAP_PAGE_CREATES_PER_MINUTE/);
  });
});
