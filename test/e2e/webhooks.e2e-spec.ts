import { notifierListWebhooks } from '@swap/contracts';
import { verifyWebhook, type SwapClient, type SwapOrder } from '@swap/sdk';
import { Stack, type TestKey } from '@swap/stack';
import { ADDRESSES, SwapDriver } from './support/swap-driver';
import { WebhookReceiver } from './support/webhook-receiver';
import { waitFor } from './support/wait-for';

/** Version of an event id evt_<swap>_<version>. */
const versionOf = (eventId: string) => Number(eventId.split('_').pop());

// D12 as an integrator lives it: a webhook set by the operator, every change of a swap pushed,
// signed, in order; failures retried with the same id; redelivery; a 410 ends it.
describe('webhooks (D12), end to end', () => {
  let stack: Stack;
  let key: TestKey;
  let api: SwapClient;
  let driver: SwapDriver;
  const receiver = new WebhookReceiver();
  let secret: string;

  beforeAll(async () => {
    stack = await Stack.start({
      chains: { networks: ['LTC', 'ETH'] },
      // D12's schedule shortened to 1 s, 2 s, 60 s so a test can watch two retries.
      notifier: { env: { WEBHOOK_RETRY_SCHEDULE: '1,2,60' } },
    });
    key = await stack.createKey({ dryrunEnabled: true });
    api = stack.client(key);
    driver = new SwapDriver(stack, api);
    const url = await receiver.start();
    const set = await driver.swapctl('keys', 'webhook', key.key, url);
    expect(set).toEqual({ key: key.key, url, secret: expect.stringMatching(/^whsec_[A-Za-z0-9]{32,}$/) });
    secret = set.secret;
    await stack.pricesReady(key);
  });
  afterAll(async () => {
    await receiver.stop();
    await stack?.stop();
  });

  const dryRun = () =>
    api.create({ dryrun: true, from: 'ETH', to: 'BTC', amount: 1, toAddress: ADDRESSES.BTC });

  /** The verified events of one swap, in the order they arrived. */
  const eventsOf = (swapId: string) =>
    receiver.got
      .map((d) => verifyWebhook(secret, d.headers, d.body))
      .filter((event) => event.data.id === swapId);

  /** Waits until the receiver holds the change that shows `status`, and returns every event of the swap. */
  async function deliveredUpTo(swapId: string, status: string) {
    await waitFor(
      async () => eventsOf(swapId).some((e) => e.data.status === status),
      `a webhook of ${swapId} in ${status}`,
      30_000,
    );
    return eventsOf(swapId);
  }

  /** Every version from 1 once, in order; each event's data is the swap order as /swap/status shows it. */
  function expectEveryChangeInOrder(events: Array<{ id: string; data: SwapOrder }>, finalStatus: SwapOrder) {
    const versions = events.map((e) => versionOf(e.id));
    expect(versions).toEqual(versions.map((_, i) => i + 1));
    const last = events[events.length - 1].data;
    const { time: _t, ...rest } = finalStatus;
    expect(last).toMatchObject(rest);
  }

  it('pushes every change of a dry-run swap, signed, in order', async () => {
    const created = await dryRun();
    const seen = [created.status];
    for (let i = 0; i < 5; i++) seen.push((await api.advance(created.id)).status);
    const events = await deliveredUpTo(created.id, 'DONE');
    expect(events.map((e) => e.data.status)).toEqual(seen);
    expectEveryChangeInOrder(events, await api.status(created.id));
    for (const event of events) expect(event.type).toBe('swap.updated');
  });

  it('pushes every change of a real devnet swap, confirmations included, in order', async () => {
    const created = await api.create({ from: 'LTC', to: 'ETH', amount: '1', toAddress: ADDRESSES.ETH });
    await driver.deposit('LTC', created.from.address, '1');
    await driver.reach(created.id, 'PENDING');
    await driver.mine('LTC');
    await driver.reach(created.id, 'CONFIRMING');
    await driver.mine('LTC');
    await driver.reach(created.id, 'SENDING');
    await driver.mine('ETH');
    const done = await driver.reach(created.id, 'DONE');
    const events = await deliveredUpTo(created.id, 'DONE');
    expect(events.map((e) => e.data.status)).toEqual(
      expect.arrayContaining(['NEW', 'PENDING', 'CONFIRMING', 'EXCHANGING', 'SENDING', 'DONE']),
    );
    expectEveryChangeInOrder(events, done);
    // Each confirmation is a change of its own (the deposit's, here 0 then 1 then 2).
    const confirmations = events.map((e) => e.data.from.tx?.confirmations).filter((c) => c !== undefined);
    expect([...new Set(confirmations)]).toEqual([0, 1, 2]);
  });

  it('retries a failed delivery with the same event id on the schedule; later changes wait for it', async () => {
    let failures = 0;
    receiver.answer = (d) => {
      const event = JSON.parse(d.body) as { id: string; data: { status: string } };
      return event.data.status === 'NEW' && failures++ < 2 ? 500 : 200;
    };
    const created = await dryRun();
    await api.advance(created.id);
    await deliveredUpTo(created.id, 'PENDING');
    const ids = receiver.idsOf(created.id);
    const first = `evt_${created.id}_1`;
    expect(ids).toEqual([first, first, first, `evt_${created.id}_2`]);
    const times = receiver.got
      .filter((d) => d.headers['x-webhook-id'] === first)
      .map((d) => Number(d.headers['x-webhook-timestamp']));
    // About 1 s, then about 2 s (±10 %, whole seconds in the header).
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(0);
    expect(times[1] - times[0]).toBeLessThanOrEqual(2);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(1);
    expect(times[2] - times[1]).toBeLessThanOrEqual(3);
    receiver.answer = () => 200;

    const failed = await driver.swapctl('webhooks', 'deliveries', '--key', key.key, '--failed');
    expect(failed.filter((d: { eventId: string }) => d.eventId === first)).toEqual([
      expect.objectContaining({ attempt: 2, httpStatus: 500, ok: false, eventState: 'delivered' }),
      expect.objectContaining({ attempt: 1, httpStatus: 500, ok: false, eventState: 'delivered' }),
    ]);

    // The operator sends it once more: the same id and body, a fresh timestamp and signature.
    const before = receiver.got.length;
    expect(await driver.swapctl('webhooks', 'redeliver', first)).toMatchObject({
      eventId: first,
      state: 'pending',
    });
    await waitFor(async () => receiver.got.length > before, 'the redelivery', 10_000);
    const again = receiver.got[receiver.got.length - 1];
    expect(verifyWebhook(secret, again.headers, again.body).id).toBe(first);
  });

  it('a 410 removes the webhook; nothing is sent after it', async () => {
    receiver.answer = () => 410;
    const created = await dryRun();
    await waitFor(
      async () => (await stack.call(notifierListWebhooks, { key: key.key })).length === 0,
      'the webhook removed',
      10_000,
    );
    const count = receiver.got.length;
    await api.advance(created.id);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(receiver.got.length).toBe(count);
    expect(receiver.idsOf(created.id)).toEqual([`evt_${created.id}_1`]);
  });
});
