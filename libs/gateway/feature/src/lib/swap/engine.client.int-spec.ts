import { quietLogger } from '@swap/domain/testing';
import { Bus, rpcFail, rpcOk } from '@swap/bus';
import { EngineCreateSwapRequest, engineAdvanceSwap, engineCreateSwap } from '@swap/contracts';
import { SwapError } from '@swap/domain';
import { startNatsServer, swapSnapshotFixture, type NatsServerHandle } from '@swap/testing';
import { EngineClient, EngineUnavailableError } from './engine.client';

const request: EngineCreateSwapRequest = {
  requestId: 'ak_test:nonce-0001',
  key: {
    apiKey: 'ak_test',
    fixedRateEnabled: false,
    dryrunEnabled: false,
    autoExecuteOnMismatch: false,
    partnerPercent: '0',
    feeShare: '0',
  },
  ref: null,
  type: 'float',
  from: 'LTC',
  to: 'BTC',
  direction: 'from',
  amount: '150000000',
  toAddress: 'bc1qpayout',
  refundAddress: null,
  dryrun: false,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('EngineClient against a real bus', () => {
  let nats: NatsServerHandle;
  let gateway: Bus;
  let engine: Bus;

  beforeAll(async () => {
    nats = await startNatsServer();
    const logger = quietLogger();
    gateway = await Bus.connect({ url: nats.url, name: 'gateway-test', logger });
    engine = await Bus.connect({ url: nats.url, name: 'engine-test', logger });
  });
  afterAll(async () => {
    await gateway?.close();
    await engine?.close();
    await nats?.stop();
  });

  it('waits for an engine that is restarting instead of failing at once', async () => {
    const client = new EngineClient(gateway, { budgetMs: 5_000 });
    const seen: string[] = [];
    const started = sleep(400).then(() =>
      engine.serve(
        engineCreateSwap,
        async (body) => {
          seen.push(body.requestId);
          return rpcOk(swapSnapshotFixture({ id: 'Restarted1' }));
        },
        { queue: 'engine' },
      ),
    );
    const swap = await client.create(request);
    await (await started).stop();
    expect(swap.id).toBe('Restarted1');
    expect(seen).toEqual([request.requestId]); // never delivered before the engine listened
  });

  it('asks again, with the same request id, when a create was not answered in time', async () => {
    const client = new EngineClient(gateway, { budgetMs: 5_000, createAttemptMs: 300 });
    const seen: string[] = [];
    const handle = await engine.serve(
      engineCreateSwap,
      async (body) => {
        seen.push(body.requestId);
        if (seen.length === 1) await sleep(600); // the first answer comes too late
        return rpcOk(swapSnapshotFixture({ id: 'Idempotent' }));
      },
      { queue: 'engine' },
    );
    try {
      expect((await client.create(request)).id).toBe('Idempotent');
      expect(seen).toEqual([request.requestId, request.requestId]);
    } finally {
      await handle.stop();
    }
  });

  it('never repeats an advance that may have been carried out', async () => {
    const client = new EngineClient(gateway, { budgetMs: 500 });
    let calls = 0;
    const handle = await engine.serve(
      engineAdvanceSwap,
      async () => {
        calls++;
        await sleep(800);
        return rpcOk(swapSnapshotFixture());
      },
      { queue: 'engine' },
    );
    try {
      await expect(client.advance('AbCdEfGhIj')).rejects.toThrow(EngineUnavailableError);
      expect(calls).toBe(1);
    } finally {
      await sleep(400); // let the slow handler finish before stopping
      await handle.stop();
    }
  });

  it('gives up within its budget when no engine listens', async () => {
    const client = new EngineClient(gateway, { budgetMs: 600 });
    const started = Date.now();
    await expect(client.advance('AbCdEfGhIj')).rejects.toThrow('order engine unavailable (no-responders)');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("passes the engine's business errors on as they are", async () => {
    const client = new EngineClient(gateway);
    const handle = await engine.serve(
      engineAdvanceSwap,
      async () =>
        rpcFail({
          code: 'NOT_DRY_RUN',
          message: 'Not a dry-run swap: real swaps move on their own',
          status: 400,
        }),
      { queue: 'engine' },
    );
    try {
      const error = await client.advance('AbCdEfGhIj').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SwapError);
      expect(error).toMatchObject({ code: 'NOT_DRY_RUN', status: 400 });
    } finally {
      await handle.stop();
    }
  });
});
