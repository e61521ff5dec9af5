import { encodeJson, versionHeaders } from './codec';
import { BusContractError, BusUnavailableError } from './errors';
import { rpcFail, rpcOk } from './rpc';
import { quoteRpc, recordingLogger, useNatsBus } from '../test/fixtures';

const decoder = new TextDecoder();

describe('rpc', () => {
  const logger = recordingLogger();
  const nats = useNatsBus({ logger });

  /** Sends bytes past the client-side validation, as a foreign or buggy client would. */
  async function raw(payload: string, version = 1): Promise<unknown> {
    const msg = await nats.bus.connection.request(quoteRpc.subject, payload, {
      timeout: 1000,
      headers: versionHeaders(version),
    });
    return JSON.parse(decoder.decode(msg.data));
  }

  it('answers a valid request, a business error, and a bad request', async () => {
    const handle = await nats.bus.serve(
      quoteRpc,
      async (req) => {
        if (req.from === 'XMR') return rpcFail({ code: 'PAIR_DISABLED', message: 'disabled', status: 422 });
        return rpcOk({ rate: `${req.from}:${req.amount}` });
      },
      { queue: 'engine' },
    );
    await expect(
      nats.bus.request(quoteRpc, { from: 'BTC', amount: '5' }, { timeoutMs: 1000 }),
    ).resolves.toEqual({
      ok: true,
      data: { rate: 'BTC:5' },
    });
    await expect(
      nats.bus.request(quoteRpc, { from: 'XMR', amount: '5' }, { timeoutMs: 1000 }),
    ).resolves.toEqual({
      ok: false,
      error: { code: 'PAIR_DISABLED', message: 'disabled', status: 422 },
    });
    // The client refuses to send what the contract forbids...
    await expect(
      nats.bus.request(quoteRpc, { from: 'BTC', amount: '1.5' }, { timeoutMs: 1000 }),
    ).rejects.toThrow(BusContractError);
    // ...and the server answers 400 to what slipped past anyway.
    await expect(raw(JSON.stringify({ from: 'BTC', amount: '1.5' }))).resolves.toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST', status: 400, message: expect.stringContaining('amount') },
    });
    await expect(raw('{oops')).resolves.toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    await expect(raw(JSON.stringify({ from: 'BTC', amount: '1' }), 2)).resolves.toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST', message: expect.stringContaining('newer') },
    });
    await handle.stop();
  });

  it('hides handler failures and invalid replies behind INTERNAL', async () => {
    const handle = await nats.bus.serve(
      quoteRpc,
      async (req) => {
        if (req.from === 'ERR') throw new Error('db password is hunter2');
        return { ok: true, data: { rate: 42 } } as unknown as { ok: true; data: { rate: string } };
      },
      { queue: 'engine' },
    );
    const internal = { ok: false, error: { code: 'INTERNAL', message: 'Internal error', status: 500 } };
    const thrown = await nats.bus.request(quoteRpc, { from: 'ERR', amount: '1' }, { timeoutMs: 1000 });
    expect(thrown).toEqual(internal);
    expect(JSON.stringify(thrown)).not.toContain('hunter2');
    await expect(
      nats.bus.request(quoteRpc, { from: 'BTC', amount: '1' }, { timeoutMs: 1000 }),
    ).resolves.toEqual(internal);
    expect(logger.entries.some((e) => e.level === 'error' && e.message === 'rpc handler failed')).toBe(true);
    await handle.stop();
  });

  it('gives each request to exactly one member of the queue group', async () => {
    const served: string[] = [];
    const make = (who: string) =>
      nats.bus.serve(
        quoteRpc,
        async () => {
          served.push(who);
          return rpcOk({ rate: who });
        },
        { queue: 'engine' },
      );
    const handles = await Promise.all([make('a'), make('b')]);
    for (let i = 0; i < 20; i++)
      await nats.bus.request(quoteRpc, { from: 'BTC', amount: '1' }, { timeoutMs: 1000 });
    expect(served).toHaveLength(20);
    await Promise.all(handles.map((h) => h.stop()));
  });

  it('fails fast with BusUnavailableError when nobody serves', async () => {
    const started = Date.now();
    const attempt = nats.bus.request(quoteRpc, { from: 'BTC', amount: '1' }, { timeoutMs: 5000 });
    await expect(attempt).rejects.toBeInstanceOf(BusUnavailableError);
    await expect(attempt).rejects.toMatchObject({ reason: 'no-responders' });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('times out with BusUnavailableError when the server is too slow', async () => {
    const slow = await nats.bus.serve(
      quoteRpc,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return { ok: true as const, data: { rate: '1' } };
      },
      { queue: 'engine' },
    );
    await expect(
      nats.bus.request(quoteRpc, { from: 'BTC', amount: '1' }, { timeoutMs: 50 }),
    ).rejects.toMatchObject({
      name: 'BusUnavailableError',
      reason: 'timeout',
    });
    await slow.stop();
  });

  it('refuses a reply that breaks the contract', async () => {
    const sub = nats.bus.connection.subscribe(quoteRpc.subject, {
      callback: (_err, msg) => {
        msg.respond(encodeJson({ ok: true, data: {} }));
      },
    });
    await nats.bus.connection.flush();
    await expect(
      nats.bus.request(quoteRpc, { from: 'BTC', amount: '1' }, { timeoutMs: 1000 }),
    ).rejects.toThrow(/engine\.quote response/);
    sub.unsubscribe();
  });
});
