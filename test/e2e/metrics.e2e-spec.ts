import { CURRENCIES } from '@swap/domain';
import { PRICED_COINS } from '@swap/pricing';
import { SwapClient } from '@swap/sdk';
import { Stack, TestKey } from '@swap/stack';
import { Scrape } from './support/metrics-scrape';
import { ADDRESSES, SwapDriver } from './support/swap-driver';

/** The services this suite scrapes, by their name in the stack. */
const SCRAPED = ['gateway-0', 'engine', 'watcher-btc', 'treasury', 'pricing', 'refunds'] as const;
type Scraped = (typeof SCRAPED)[number];

describe('metrics (D16): every service serves /metrics, and the values move with a swap', () => {
  let stack: Stack;
  let key: TestKey;
  let api: SwapClient;
  let driver: SwapDriver;

  const url = (name: Scraped) => stack.services.find((s) => s.name === name)?.url ?? '';
  const scrapeAll = async () =>
    Object.fromEntries(
      await Promise.all(SCRAPED.map(async (name) => [name, await Scrape.of(url(name))])),
    ) as Record<Scraped, Scrape>;

  /** Scrapes until `check` holds: values read from the database are cached for a few seconds. */
  async function eventually(
    name: Scraped,
    metric: string,
    check: (scrape: Scrape) => boolean,
    what: string,
  ): Promise<Scrape> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const scrape = await Scrape.of(url(name));
      if (check(scrape)) return scrape;
      if (Date.now() > deadline)
        throw new Error(
          `${name}: ${what} never held: ${JSON.stringify(scrape.all(metric))}\n${stack.logs()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  beforeAll(async () => {
    stack = await Stack.start({ chains: { networks: ['BTC', 'ETH'] } });
    key = await stack.createKey();
    api = stack.client(key);
    driver = new SwapDriver(stack, api);
    await stack.pricesReady(key);
  });
  afterAll(() => stack?.stop());

  it('answers in the text format with the default process metrics, labelled with the service', async () => {
    const scrapes = await scrapeAll();
    for (const name of SCRAPED) {
      const scrape = scrapes[name];
      expect(scrape.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
      const service = name === 'gateway-0' ? 'gateway' : name;
      expect(scrape.value('process_resident_memory_bytes', { service })).toBeGreaterThan(0);
    }
  });

  it('counts the requests, transitions, blocks and payout of a BTC → ETH swap to DONE', async () => {
    const before = await scrapeAll();
    const created = await api.create({ from: 'BTC', to: 'ETH', amount: '0.01', toAddress: ADDRESSES.ETH });
    await driver.payToDone(created);
    const after = await scrapeAll();

    // Gateway: the route template, never the swap's id.
    const creates = (s: Scrape) =>
      s.value('swap_http_requests_total', { route: '/v1/swap/create', status: '201' }) ?? 0;
    expect(creates(after['gateway-0'])).toBe(creates(before['gateway-0']) + 1);
    expect(
      after['gateway-0'].all('swap_http_requests_total', { route: '/v1/swap/status' }).length,
    ).toBeGreaterThan(0);
    expect(
      after['gateway-0'].value('swap_http_request_duration_seconds_count', { route: '/v1/swap/create' }),
    ).toBeGreaterThan(0);

    // Engine: each status change of the swap's way, counted once committed.
    const path = ['NEW', 'PENDING', 'CONFIRMING', 'EXCHANGING', 'SENDING', 'DONE'];
    for (let i = 1; i < path.length; i++) {
      const labels = { from: path[i - 1], to: path[i] };
      const was = before.engine.value('swap_transitions_total', labels) ?? 0;
      expect({ ...labels, count: after.engine.value('swap_transitions_total', labels) }).toEqual({
        ...labels,
        count: was + 1,
      });
    }
    const done = before.engine.value('swap_swaps', { status: 'DONE' }) ?? 0;
    await eventually(
      'engine',
      'swap_swaps',
      (s) => s.value('swap_swaps', { status: 'DONE' }) === done + 1,
      'one more DONE swap',
    );
    expect(after.engine.value('swap_outbox_pending')).toBeGreaterThanOrEqual(0);

    // The BTC watcher processed the blocks mined for the deposit, with its node up.
    const processed = (s: Scrape) => s.value('swap_watcher_processed_height', { network: 'BTC' }) ?? -1;
    expect(processed(after['watcher-btc'])).toBeGreaterThan(processed(before['watcher-btc']));
    expect(after['watcher-btc'].value('swap_watcher_tip_height', { network: 'BTC' })).toBeGreaterThanOrEqual(
      processed(after['watcher-btc']),
    );
    expect(after['watcher-btc'].value('swap_watcher_node_up', { network: 'BTC' })).toBe(1);
    expect(after['watcher-btc'].value('swap_watcher_following', { network: 'BTC' })).toBe(1);

    // Treasury: the payout settles at ETH's confirmations (the swap is DONE at its first); the hot
    // wallets read, the payout consumer's backlog empty.
    await driver.mine('ETH', CURRENCIES.ETH.reqConfirmations);
    const payouts = before.treasury.value('swap_transfers', { kind: 'payout', state: 'CONFIRMED' }) ?? 0;
    const treasury = await eventually(
      'treasury',
      'swap_transfers',
      (s) => s.value('swap_transfers', { kind: 'payout', state: 'CONFIRMED' }) === payouts + 1,
      'one more confirmed payout',
    );
    expect(treasury.value('swap_transfers_oldest_unsettled_age_seconds', { kind: 'payout' })).toBe(0);
    expect(treasury.value('swap_hot_wallet_balance', { currency: 'ETH' })).toBeGreaterThan(0);
    expect(treasury.value('swap_treasury_node_up', { network: 'ETH' })).toBe(1);
    expect(treasury.value('swap_bus_consumer_pending', { consumer: 'treasury-payouts' })).toBe(0);

    // Refunds: none requested, none waiting.
    expect(after.refunds.value('swap_refunds_unsettled', { network: 'BTC' })).toBe(0);
  });

  it("shows every coin's price, priced from a fresh source", async () => {
    const pricing = await Scrape.of(url('pricing'));
    for (const coin of PRICED_COINS) {
      expect({ coin, usd: pricing.value('swap_price_usd', { coin }) }).toEqual({
        coin,
        usd: expect.any(Number),
      });
      expect(pricing.value('swap_price_usd', { coin })).toBeGreaterThan(0);
      expect(pricing.value('swap_price_available', { coin })).toBe(1);
      expect(pricing.value('swap_price_sources', { coin, status: 'used' })).toBeGreaterThanOrEqual(1);
      expect(pricing.value('swap_price_age_seconds', { coin })).toBeLessThan(60);
    }
  });
});
