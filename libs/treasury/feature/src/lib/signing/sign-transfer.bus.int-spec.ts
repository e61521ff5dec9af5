import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  answerRpc,
  Bus,
  busCredentialsFromEnv,
  prepareBusAuthorization,
  type BusAuthorization,
} from '@swap/bus';
import {
  MONEY_COMMANDS_STREAM,
  refundRequested,
  treasuryFreeze,
  treasurySignTransfer,
  treasuryUnfreeze,
  type BusIdentity,
  type RefundRequested,
} from '@swap/contracts';
import { quietLogger } from '@swap/domain/testing';
import { startNatsServer, type NatsServerHandle } from '@swap/testing';
import { T0_MS, useHarness, type TreasuryProcess } from '../../test/treasury-harness';
import { TreasuryError } from './treasury-errors';

// The refused sign request over the real bus, each party as its own identity with the permissions
// generated from BUS_ACCESS: the engine orders a refund on MONEY_COMMANDS, the treasury records it
// through its durable `treasury-refunds`, the refunds service asks for the signature, the operator
// freezes. A durable or RPC missing from the table would be a permission violation here.

const answer = <T>(work: () => Promise<T>) =>
  answerRpc(work, (error) => (error instanceof TreasuryError ? error.toPayload() : null));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const command: RefundRequested = {
  refundId: 'BuSrEfUnD1-refund-1',
  swapId: 'BuSrEfUnD1',
  network: 'LTC',
  currency: 'LTC',
  address: 'ltc1quser',
  amount: '9900000',
  deposited: '10000000',
  requestedAt: T0_MS,
};
const request = {
  requestId: command.refundId,
  network: command.network,
  currency: command.currency,
  to: command.address,
  amount: command.amount,
  swapId: command.swapId,
};

describe('sign-transfer on the bus, as the refunds service asks for it', () => {
  const h = useHarness();
  let dir: string;
  let nats: NatsServerHandle;
  let authorization: BusAuthorization;
  const buses: Bus[] = [];
  let treasury: TreasuryProcess;
  let refunds: Bus;
  let engine: Bus;
  let operator: Bus;

  const connect = async (identity: BusIdentity) => {
    const bus = await Bus.connect({
      url: nats.url,
      name: `int-${identity}`,
      identity,
      credentials: busCredentialsFromEnv({ NATS_NKEY_SEED_FILE: authorization.keys[identity].seedFile }),
      logger: quietLogger(),
    });
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'treasury-bus-'));
    authorization = prepareBusAuthorization(join(dir, 'keys'), { devnet: false });
    nats = await startNatsServer({ config: authorization.config });
    engine = await connect('engine');
    await engine.ensureStream(MONEY_COMMANDS_STREAM);
    refunds = await connect('refunds');
    operator = await connect('operator');
  });

  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    treasury = h().start();
    const bus = await connect('treasury');
    await bus.consume(refundRequested, {
      durable: 'treasury-refunds',
      handler: (ordered) => treasury.recordRefundOrder.execute(ordered),
    });
    await bus.serve(treasurySignTransfer, (asked) => answer(() => treasury.signTransfer.execute(asked)), {
      queue: 'treasury',
    });
    await bus.serve(treasuryFreeze, (asked) => answer(() => treasury.freeze.freeze(asked.network, null)), {
      queue: 'treasury',
    });
    await bus.serve(treasuryUnfreeze, (asked) => answer(() => treasury.freeze.unfreeze(asked.network)), {
      queue: 'treasury',
    });
  });

  afterEach(async () => {
    await buses.pop()?.close();
  });

  const ask = (body = request) => refunds.request(treasurySignTransfer, body, { timeoutMs: 5000 });

  it('refuses a refund the engine never ordered, then signs it once the order came through the durable', async () => {
    expect(await ask()).toMatchObject({ ok: false, error: { code: 'REFUND_NOT_ORDERED', status: 409 } });
    expect(treasury.chains.chain('LTC').signs).toEqual([]);

    await engine.publish(refundRequested, ['LTC'], command, { msgId: command.refundId });
    let reply = await ask();
    for (let i = 0; i < 50 && !reply.ok; i++) {
      await sleep(100);
      reply = await ask();
    }

    expect(reply).toMatchObject({ ok: true, data: { network: 'LTC', txid: 'ltc-tx-0' } });
    expect(await ask({ ...request, to: 'ltc1qattacker' })).toMatchObject({
      ok: false,
      error: { code: 'REFUND_MISMATCH', message: expect.stringContaining('its address differs') },
    });
    expect(treasury.chains.chain('LTC').signs).toHaveLength(1);
  });

  it("answers FROZEN while the operator's freeze holds, across the bus", async () => {
    await treasury.recordRefundOrder.execute(command);
    expect(await operator.request(treasuryFreeze, { network: 'all' }, { timeoutMs: 5000 })).toMatchObject({
      ok: true,
      data: [{ scope: 'all', reason: null }],
    });

    expect(await ask()).toMatchObject({ ok: false, error: { code: 'FROZEN' } });

    await operator.request(treasuryUnfreeze, { network: 'all' }, { timeoutMs: 5000 });
    expect(await ask()).toMatchObject({ ok: true });
  });
});
