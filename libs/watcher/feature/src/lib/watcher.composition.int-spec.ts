import { Registry } from 'prom-client';
import { SWAP_EVENTS_STREAM, swapUpdated } from '@swap/contracts';
import { ScriptedChain } from '../test/scripted-chain';
import { waitFor, WatcherHarness } from '../test/watcher-harness';
import { composeWatcher, type Watcher } from './watcher.composition';
import { watcherSettings } from './watcher.settings';

/** A chain whose node-side wallet must be told of the deposit addresses, as a Monero wallet is. */
class WalletChain extends ScriptedChain {
  readonly expected: number[] = [];

  async expectAddresses(index: number): Promise<void> {
    this.expected.push(index);
  }
}

describe('composeWatcher (LTC)', () => {
  let h: WatcherHarness;
  let watcher: Watcher | undefined;

  beforeAll(async () => {
    h = await WatcherHarness.open('LTC');
  });
  beforeEach(async () => {
    await h.reset();
  });
  afterEach(async () => {
    await watcher?.swapEvents.stop();
    await watcher?.follower.stop();
    watcher = undefined;
  });
  afterAll(async () => {
    await h?.close();
  });

  async function compose(chain: ScriptedChain, registry = new Registry()): Promise<Watcher> {
    watcher = await composeWatcher({
      reader: chain,
      bus: h.bus,
      dataSource: h.dataSource,
      registry,
      settings: watcherSettings('LTC', h.hotWallet, {}),
      owner: 'replica-a',
      clock: h.clock.now,
      logger: h.logger,
    });
    return watcher;
  }

  it('records the swap events into the watch list, then follows the chain to their deposits', async () => {
    await h.bus.ensureStream(SWAP_EVENTS_STREAM);
    const chain = new WalletChain('LTC');
    const registry = new Registry();
    const w = await compose(chain, registry);
    const swap = h.snapshot({ depositIndex: 7 });
    await h.bus.publish(swapUpdated, [swap.id], swap, { msgId: `${swap.id}:1` });
    await w.swapEvents.start(async (event) => void (await w.recordSwap.execute(event)));

    // The follower reads no block before the watch list has caught up with the swap events.
    await waitFor(() => w.follower.poll());
    // The node-side wallet heard of the address before it was watched.
    expect(chain.expected).toEqual([7]);
    const tx = chain.send({ to: swap.depositAddress, currency: 'LTC', amount: 150_000_000n });
    expect(await w.follower.poll()).toBe(true);
    expect(await h.told()).toEqual([`${tx.txid} 0`]);

    const following = (await registry.getMetricsAsJSON()).find((m) => m.name === 'swap_watcher_following');
    expect(following?.values).toEqual([{ labels: { network: 'LTC' }, value: 1 }]);
    expect(w.metrics.nodeContact()).toMatchObject({ following: true, failures: 0 });
  });

  it("tells a node-side wallet of the addresses handed out so far, up to the highest one's index", async () => {
    await h.learn(h.snapshot({ depositIndex: 3 }));
    await h.learn(h.snapshot({ depositIndex: 9 }));
    const chain = new WalletChain('LTC');
    await (await compose(chain)).expectHandedOut();
    expect(chain.expected).toEqual([9]);
    expect(h.logger.entries.map((e) => e.message)).toContain(
      'deposit addresses expected up to the highest handed out',
    );
  });

  it('tells a chain without a node-side wallet nothing', async () => {
    await h.learn(h.snapshot({ depositIndex: 3 }));
    await (await compose(new ScriptedChain('LTC'))).expectHandedOut();
    expect(h.logger.entries.map((e) => e.message)).not.toContain(
      'deposit addresses expected up to the highest handed out',
    );
  });
});
