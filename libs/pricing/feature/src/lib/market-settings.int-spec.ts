import { quietLogger } from '@swap/domain/testing';
import { Bus } from '@swap/bus';
import { currencySettingsKv, pairSettingsKv } from '@swap/contracts';
import { MarketFeed } from '@swap/market';
import { startNatsServer, type NatsServerHandle } from '@swap/testing';
import { MarketSettings } from './market-settings';

describe('MarketSettings on the KV buckets gateways and engines watch', () => {
  let nats: NatsServerHandle;
  let bus: Bus;
  let settings: MarketSettings;
  let feed: MarketFeed;
  const changes: object[] = [];

  beforeAll(async () => {
    nats = await startNatsServer();
    bus = await Bus.connect({
      url: nats.url,
      name: 'market-settings-test',
      logger: quietLogger(),
    });
    settings = new MarketSettings(
      await bus.kv(currencySettingsKv),
      await bus.kv(pairSettingsKv),
      quietLogger({ info: (details) => void changes.push(details) }),
      () => 1_700_000_000_000,
    );
    feed = await MarketFeed.open(bus);
  });
  afterAll(async () => {
    feed.close();
    await bus.close();
    await nats.stop();
  });

  const eventually = async (check: () => void) => {
    for (let i = 0; ; i++) {
      try {
        return check();
      } catch (error) {
        if (i > 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };

  it('changes only the switches named, logs the change, and every watcher sees it', async () => {
    expect((await settings.listCurrencies()).find((c) => c.code === 'BTC')).toEqual({
      code: 'BTC',
      enabled: true,
      deposits: true,
      payouts: true,
      liquidityPercent: '100',
      updatedAt: 0,
    });
    await settings.setCurrency({ code: 'BTC', deposits: false });
    const after = await settings.setCurrency({ code: 'BTC', liquidityPercent: '12.5000' });

    expect(after).toEqual({
      code: 'BTC',
      enabled: true,
      deposits: false,
      payouts: true,
      liquidityPercent: '12.5',
      updatedAt: 1_700_000_000_000,
    });
    expect(changes.at(-1)).toMatchObject({ before: { liquidityPercent: '100' }, after });
    await eventually(() => expect(feed.currency('BTC')).toEqual(after));
  });

  it('refuses an unknown currency, a share outside 0–100 or with five decimals', async () => {
    await expect(settings.setCurrency({ code: 'DOGE', enabled: false })).rejects.toMatchObject({
      status: 400,
      message: 'Unknown currency code "DOGE"',
    });
    for (const liquidityPercent of ['100.0001', '150', '-1', '1.23456', 'half'])
      await expect(settings.setCurrency({ code: 'ETH', liquidityPercent })).rejects.toMatchObject({
        status: 400,
        message: 'Field liquidityPercent must be a percentage from 0 to 100 with at most 4 decimals',
      });
  });

  it("sets a pair's minimum at its currency's precision, never below the currency's, and clears it", async () => {
    const set = await settings.setPair({ from: 'BTC', to: 'ETH', min: '0.00500', enabled: false });
    expect(set).toMatchObject({ from: 'BTC', to: 'ETH', enabled: false, min: '0.005' });
    await eventually(() => expect(feed.pair('BTC', 'ETH')).toEqual(set));
    expect(await settings.listPairs()).toEqual([set]);

    await expect(settings.setPair({ from: 'BTC', to: 'ETH', min: '0.0009' })).rejects.toMatchObject({
      message: 'Amount is below the minimum of 0.001 BTC',
    });
    await expect(settings.setPair({ from: 'BTC', to: 'ETH', min: '0.000000001' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(settings.setPair({ from: 'ETH', to: 'ETH', enabled: false })).rejects.toMatchObject({
      status: 400,
    });

    expect(await settings.setPair({ from: 'BTC', to: 'ETH', min: null })).toMatchObject({
      enabled: false,
      min: null,
    });
  });
});
