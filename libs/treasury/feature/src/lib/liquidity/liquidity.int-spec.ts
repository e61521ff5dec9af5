import { Registry } from 'prom-client';
import type { LiquidityCaps } from './liquidity-caps';
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
});
