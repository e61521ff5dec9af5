import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { announceWhenReady, describeProbe, waitUntilReady } from './readiness';
import type { ServiceSpec } from './services';

/** A service whose /readyz answers what the test sets. */
async function fakeService(name: string, answer: { status: number; body: object }) {
  const server: Server = createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const spec: ServiceSpec = {
    name,
    app: name,
    identity: 'gateway',
    port: (server.address() as AddressInfo).port,
  };
  return { spec, answer, close: () => new Promise((resolve) => server.close(resolve)) };
}

const READY = { status: 200, body: { status: 'ok' } };
const NODE_DOWN = {
  status: 503,
  body: {
    status: 'unavailable',
    failed: ['nodes'],
    reasons: {
      nodes: 'the LTC node has not answered since 2026-01-01T12:00:00.000Z (9 balance reads in a row failed)',
    },
  },
};
const STARTING = { status: 503, body: { status: 'unavailable', failed: ['bus'], reasons: {} } };

describe('waitUntilReady', () => {
  const fast = { pollMs: 10, settleMs: 100, report: () => undefined };
  const opened: Array<{ close: () => Promise<unknown> }> = [];
  const open = async (name: string, answer: { status: number; body: object }) => {
    const service = await fakeService(name, { ...answer });
    opened.push(service);
    return service;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });

  it('resolves no service once every one is ready', async () => {
    const gateway = await open('gateway', READY);
    expect(await waitUntilReady([gateway.spec], () => false, fast)).toEqual([]);
  });

  it('gives up on a service that says why it is not ready, and returns it with its reasons', async () => {
    const gateway = await open('gateway', READY);
    const treasury = await open('treasury', NODE_DOWN);
    const started = Date.now();
    const waiting = await waitUntilReady([gateway.spec, treasury.spec], () => false, fast);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(waiting?.map(describeProbe)).toEqual([
      'treasury (nodes: the LTC node has not answered since 2026-01-01T12:00:00.000Z (9 balance reads in a row failed))',
    ]);
  });

  it('keeps waiting while a service is still starting (no reason), and names it with the others', async () => {
    const engine = await open('engine', STARTING);
    const treasury = await open('treasury', NODE_DOWN);
    const reports: string[] = [];
    let cancelled = false;
    const wait = waitUntilReady([engine.spec, treasury.spec], () => cancelled, {
      ...fast,
      reportEveryMs: 50,
      report: (message) => void reports.push(message),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reports[0]).toMatch(/^still waiting for \/readyz of: engine, treasury \(nodes: the LTC node/);
    engine.answer.status = 200;
    expect((await wait)?.map((p) => p.name)).toEqual(['treasury']);
    cancelled = true;
  });

  it('resolves null when cancelled', async () => {
    const engine = await open('engine', STARTING);
    expect(await waitUntilReady([engine.spec], () => true, fast)).toBeNull();
  });
});

describe('announceWhenReady', () => {
  it('says once when a late service turns ready', async () => {
    const treasury = await fakeService('treasury', { ...NODE_DOWN });
    const reports: string[] = [];
    try {
      const done = announceWhenReady([treasury.spec], () => false, {
        pollMs: 10,
        report: (m) => void reports.push(m),
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      treasury.answer.status = 200;
      await done;
      expect(reports).toEqual(['treasury is ready now']);
    } finally {
      await treasury.close();
    }
  });
});
