import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import type { NatsConnection, Status } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { busCredentialsFromEnv, inboxPrefixOf } from '@swap/bus';
import {
  engineInbox,
  engineLeasesKv,
  gatewayListKeys,
  liquidityKv,
  MONEY_COMMANDS_STREAM,
  swapUpdated,
  treasurySignTransfer,
  type BusIdentity,
} from '@swap/contracts';
import { Stack } from '@swap/stack';
import { ADDRESSES, SwapDriver } from './support/swap-driver';

// The bus as `npm start` and the chart run it: nats-server admits only the identities of
// BUS_ACCESS, each with the permissions generated from it. Tried here as an attacker holding the
// gateway's credentials (the service that faces the internet) would, while swaps go on.

const VIOLATION = /Permissions Violation/i;

describe('the bus admits only its identities, each to its own subjects', () => {
  let stack: Stack;
  let driver: SwapDriver;
  let asGateway: NatsConnection;
  /** The server's asynchronous errors on the gateway's connection (a refused plain publish). */
  const errors: string[] = [];

  const connectAs = (identity: BusIdentity) => {
    const credentials = busCredentialsFromEnv(stack.busEnv(identity));
    return connect({
      servers: stack.natsUrl,
      authenticator: credentials.authenticator,
      inboxPrefix: inboxPrefixOf(identity),
      name: `attacker-as-${identity}`,
      reconnect: false,
    });
  };

  const watchErrors = async (nc: NatsConnection) => {
    for await (const status of nc.status() as AsyncIterable<Status>)
      if (status.type === 'error') errors.push(String(status.error));
  };

  beforeAll(async () => {
    stack = await Stack.start({ chains: { networks: ['BTC', 'ETH'] } });
    const key = await stack.createKey({});
    const api = stack.client(key);
    driver = new SwapDriver(stack, api);
    await stack.pricesReady(key);
    asGateway = await connectAs('gateway');
    void watchErrors(asGateway);
  });
  afterAll(async () => {
    await asGateway?.close();
    await stack?.stop();
  });

  it('refuses a client without credentials', async () => {
    await expect(connect({ servers: stack.natsUrl, reconnect: false })).rejects.toThrow(
      /Authorization Violation/i,
    );
  });

  it("refuses a seed that is not one of the deployment's identities", async () => {
    const { createUser } = await import('@nats-io/nkeys');
    const { nkeyAuthenticator } = await import('@nats-io/nats-core');
    const stranger = nkeyAuthenticator(createUser().getSeed());
    await expect(
      connect({ servers: stack.natsUrl, authenticator: stranger, reconnect: false }),
    ).rejects.toThrow(/Authorization Violation/i);
  });

  it("with the gateway's credentials: no signing request to the treasury", async () => {
    const body = JSON.stringify({ refundId: 'rf_1', to: ADDRESSES.BTC, amount: '1', currency: 'BTC' });
    await expect(asGateway.request(treasurySignTransfer.subject, body, { timeout: 2000 })).rejects.toThrow(
      VIOLATION,
    );
  });

  it("with the gateway's credentials: no operator command", async () => {
    await expect(asGateway.request(gatewayListKeys.subject, '{}', { timeout: 2000 })).rejects.toThrow(
      VIOLATION,
    );
    await expect(asGateway.request('ops.treasury.bump', '{}', { timeout: 2000 })).rejects.toThrow(VIOLATION);
  });

  it("with the gateway's credentials: no forged swap event and no engine input, and none is stored", async () => {
    const js = jetstream(asGateway);
    await expect(js.publish(swapUpdated.subject('sw_forged'), '{"status":"DONE"}')).rejects.toThrow(
      VIOLATION,
    );
    await expect(js.publish(engineInbox.subject('sw_forged'), '{}')).rejects.toThrow(VIOLATION);
    // A plain publish gets no answer; the server says so on the connection instead.
    asGateway.publish(swapUpdated.subject('sw_forged2'), '{"status":"DONE"}');
    await asGateway.flush();
    await waitFor(() => errors.some((e) => VIOLATION.test(e) && e.includes('sw_forged2')));

    const jsm = await stack.bus.manager();
    for (const subject of [swapUpdated.subject('sw_forged'), swapUpdated.subject('sw_forged2')])
      expect(await jsm.streams.getMessage('SWAP_EVENTS', { last_by_subj: subject })).toBeNull();
  });

  it("with the gateway's credentials: no reading another service's streams or buckets", async () => {
    const jsm = await jetstreamManager(asGateway, { checkAPI: false });
    await expect(jsm.streams.info(MONEY_COMMANDS_STREAM.name)).rejects.toThrow(VIOLATION);
    await expect(jsm.consumers.add(MONEY_COMMANDS_STREAM.name, { durable_name: 'spy' })).rejects.toThrow(
      VIOLATION,
    );
    await expect(jsm.consumers.info('SWAP_EVENTS', 'notifier')).rejects.toThrow(VIOLATION);
    await expect(
      new Kvm(asGateway).open(engineLeasesKv.bucket).then((kv) => kv.get('partition.0')),
    ).rejects.toThrow(VIOLATION);
    // Its own market view it reads, and cannot write.
    const liquidity = await new Kvm(asGateway).open(liquidityKv.bucket);
    expect(await liquidity.get('BTC')).not.toBeNull();
    await expect(liquidity.put('BTC', '{}')).rejects.toThrow(VIOLATION);
  });

  it("with the gateway's credentials: no listening to another identity's replies", async () => {
    const sub = asGateway.subscribe(`${inboxPrefixOf('operator')}.>`);
    await asGateway.flush();
    await waitFor(() => errors.some((e) => VIOLATION.test(e) && e.includes('_INBOX_operator')));
    sub.unsubscribe();
  });

  it("the stack's swaps still complete, every service as itself", async () => {
    const api = stack.client(await stack.createKey({}));
    const order = await api.create({ from: 'BTC', to: 'ETH', amount: '0.01', toAddress: ADDRESSES.ETH });
    const done = await driver.payToDone(order, api);
    expect(done.status).toBe('DONE');
    expect(stack.logs()).not.toMatch(VIOLATION);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
