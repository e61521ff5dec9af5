import { quietLogger } from '@swap/domain/testing';
import { Registry } from 'prom-client';
import type { LiquidityCaps } from './liquidity-caps';
import { nodeSilenceLimitMs, nodesReadiness } from '../health/node-readiness';
import { WalletMetrics } from '../metrics/wallet.metrics';
import { NO_CAPS, useHarness, payoutCommand, type Harness } from '../../test/treasury-harness';

describe('liquidity', () => {
  const h = useHarness();

  const available = (treasury: ReturnType<Harness['start']>) =>
    Object.fromEntries([...treasury.out.liquidity].map(([code, entry]) => [code, entry.available]));

  it('publishes the hot-wallet balance less reservations (amounts and fees), capped by the operator', async () => {
    const caps: LiquidityCaps = { ...NO_CAPS, BTC: 50_000n, LTC: 10n ** 12n };
    const treasury = h().start({ caps });
    const eth = treasury.chains.chain('ETH');
    eth.setBalance('eth-0', 'ETH', 10n ** 18n);
    eth.setBalance('eth-0', 'USDTERC', 1_000_000n);
    treasury.chains.chain('BTC').setBalance('btc-0', 'BTC', 80_000n);
    treasury.chains.chain('LTC').setBalance('ltc-0', 'LTC', 70_000n);
    // The node is unreachable: a stays SIGNED (its fee reserved), b PLANNED behind it.
    eth.broadcastMode = 'unreachable';
    await treasury.planPayout.execute(payoutCommand({ payoutId: 'a', amount: '300000000000000000' }));
    await treasury.dispatcher.settled();
    await treasury.planPayout.execute(
      payoutCommand({ payoutId: 'b', currency: 'USDTERC', amount: '400000' }),
    );
    await treasury.dispatcher.drain('ETH');

    await treasury.liquidity.publish();

    expect(available(treasury)).toMatchObject({
      ETH: (10n ** 18n - 3n * 10n ** 17n - 21_000n).toString(),
      USDTERC: '600000',
      BTC: '50000',
      LTC: '70000',
      SOL: '0',
    });
    expect(treasury.out.liquidity.get('ETH')?.at).toBe(h().clock.ms);
  });

  it('tells the metrics each hot-wallet balance in whole coins, what it leaves, and a node that cannot be asked', async () => {
    const registry = new Registry();
    const treasury = h().start({
      caps: { ...NO_CAPS, ETH: 10n ** 17n },
      wallets: new WalletMetrics(registry),
    });
    treasury.chains.chain('ETH').setBalance('eth-0', 'ETH', 25n * 10n ** 17n);
    treasury.chains.chain('BTC').setBalance('btc-0', 'BTC', 123_456_789n);
    treasury.chains.chain('LTC').balance = async () => Promise.reject(new Error('connect ECONNREFUSED'));

    await treasury.liquidity.publish();

    const text = await registry.metrics();
    expect(text).toContain('swap_hot_wallet_balance{currency="ETH"} 2.5');
    expect(text).toContain('swap_hot_wallet_balance{currency="BTC"} 1.23456789');
    expect(text).not.toContain('swap_hot_wallet_balance{currency="LTC"}');
    expect(text).toContain('swap_liquidity_available{currency="ETH"} 0.1');
    expect(text).toContain('swap_treasury_node_up{network="ETH"} 1');
    expect(text).toContain('swap_treasury_node_up{network="LTC"} 0');
  });

  it('publishes again right after a reservation changes', async () => {
    const treasury = h().start();
    const eth = treasury.chains.chain('ETH');
    eth.setBalance('eth-0', 'ETH', 1000n);
    eth.fee = 10n;
    eth.broadcastMode = 'unreachable';

    await treasury.planPayout.execute(payoutCommand({ amount: '400' }));
    await treasury.dispatcher.drain('ETH');
    await treasury.liquidity.settled();

    expect(treasury.out.liquidity.get('ETH')?.available).toBe('590');
  });

  it('publishes reservation changes within the minimum interval once, after it, with the newest state, for their network only', async () => {
    const treasury = h().start({ liquidityMinIntervalMs: 300 });
    const eth = treasury.chains.chain('ETH');
    eth.setBalance('eth-0', 'ETH', 1000n);
    eth.fee = 10n;
    eth.broadcastMode = 'unreachable';
    const started = performance.now();

    for (const [payoutId, amount] of [
      ['a', '100'],
      ['b', '200'],
      ['c', '300'],
    ]) {
      await treasury.planPayout.execute(payoutCommand({ payoutId, amount }));
      await treasury.dispatcher.drain('ETH');
    }
    await treasury.liquidity.settled();

    // The first change is published at once; the others wait out the interval together. Each
    // publishes the ETH network's currencies (ETH, USDT on Ethereum); no other node is asked.
    expect(treasury.out.liquidityPuts).toBe(2 * 2);
    expect([...treasury.out.liquidity.keys()].sort()).toEqual(['ETH', 'USDTERC']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    // All three amounts are reserved; only the first is signed (the node is unreachable), so one fee.
    expect(treasury.out.liquidity.get('ETH')?.available).toBe(String(1000 - 600 - 10));
  });

  it('keeps the last value of a currency whose node cannot be asked', async () => {
    const treasury = h().start();
    treasury.chains.chain('BTC').setBalance('btc-0', 'BTC', 5n);
    await treasury.liquidity.publish();
    treasury.chains.chain('BTC').balance = () => Promise.reject(new Error('connect ECONNREFUSED'));
    treasury.chains.chain('LTC').setBalance('ltc-0', 'LTC', 9n);
    h().clock.advance(10_000);

    await treasury.liquidity.publish();

    expect(treasury.out.liquidity.get('BTC')).toMatchObject({ available: '5', at: h().clock.ms - 10_000 });
    expect(treasury.out.liquidity.get('LTC')).toMatchObject({ available: '9', at: h().clock.ms });
  });

  it('makes the treasury not ready while a node stays silent past the limit, naming its network, and ready once it answers', async () => {
    const wallets = new WalletMetrics(new Registry(), h().clock.now);
    const treasury = h().start({ wallets });
    const limitMs = nodeSilenceLimitMs(10_000);
    const readiness = () => nodesReadiness(wallets.nodeContacts(), h().clock.ms, limitMs);
    const refresh = async () => {
      h().clock.advance(10_000);
      await treasury.liquidity.publish();
    };
    const ltc = treasury.chains.chain('LTC');
    const answer = ltc.balance.bind(ltc);

    await refresh();
    const answeredAt = new Date(h().clock.ms).toISOString();
    expect(readiness()).toBe(true);

    ltc.balance = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:19332'));
    await refresh();
    await refresh();
    await refresh();
    // 20 s since the first failed read, of 30 s allowed: a short outage.
    expect(readiness()).toBe(true);
    await refresh();
    expect(readiness()).toEqual({
      ready: false,
      reason: `the LTC node has not answered since ${answeredAt} (4 balance reads in a row failed)`,
    });

    ltc.balance = answer;
    await refresh();
    expect(readiness()).toBe(true);
  });

  it('counts a network answered while any of its reads is (the coin, not its token)', async () => {
    const wallets = new WalletMetrics(new Registry(), h().clock.now);
    const treasury = h().start({ wallets });
    const eth = treasury.chains.chain('ETH');
    const answer = eth.balance.bind(eth);
    eth.balance = (address, currency) =>
      currency === 'USDTERC' ? Promise.reject(new Error('execution reverted')) : answer(address, currency);
    for (let i = 0; i < 6; i++) {
      await treasury.liquidity.publish();
      h().clock.advance(10_000);
    }
    expect(nodesReadiness(wallets.nodeContacts(), h().clock.ms, nodeSilenceLimitMs(10_000))).toBe(true);
  });

  it('logs a node it waits for once, without a stack, and once when it is back; a fault with its stack', async () => {
    const lines: Array<{ level: string; details: Record<string, unknown>; message: string }> = [];
    const at = (level: string) => (details: object, message?: string) =>
      void lines.push({ level, details: details as Record<string, unknown>, message: message ?? '' });
    const treasury = h().start({
      logger: quietLogger({ info: at('info'), warn: at('warn'), error: at('error') }),
    });
    const ltc = treasury.chains.chain('LTC');
    const answer = ltc.balance.bind(ltc);
    ltc.balance = () =>
      Promise.reject(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:19332'), { code: 'ECONNREFUSED' }),
      );
    for (let i = 0; i < 5; i++) {
      await treasury.liquidity.publish();
      h().clock.advance(4_000);
    }
    ltc.balance = answer;
    await treasury.liquidity.publish();
    const fault = new Error('LTC node answered getbalance with HTTP 500');
    ltc.balance = () => Promise.reject(fault);
    await treasury.liquidity.publish();

    expect(lines.map(({ level, message }) => `${level} ${message}`)).toEqual([
      'info liquidity of LTC: waiting for a dependency (connection refused)',
      'info liquidity of LTC: reachable again after 20 s',
      'warn liquidity of LTC not refreshed',
    ]);
    expect(lines[0].details).not.toHaveProperty('err');
    expect(lines[2].details).toMatchObject({ err: fault });
  });
});
