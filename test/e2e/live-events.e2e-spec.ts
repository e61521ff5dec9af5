import WebSocket from 'ws';
import {
  computeSignature,
  newNonce,
  type StreamSwapUpdated,
  type SwapClient,
  type SwapOrder,
} from '@swap/sdk';
import { Stack, type TestKey } from '@swap/stack';
import { ADDRESSES, SwapDriver } from './support/swap-driver';

/** The stream's URL on a gateway, signed with the query parameters (D18); `sign` replaced when given. */
function streamUrl(gateway: string, key: TestKey, sign?: string): string {
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = newNonce();
  const signature =
    sign ??
    computeSignature(key.secret, { timestamp: ts, nonce, method: 'GET', path: '/v1/swap/stream', body: '' });
  return `${gateway.replace('http', 'ws')}/v1/swap/stream?${new URLSearchParams({ key: key.key, ts, nonce, sign: signature })}`;
}

/** Collects a watch's versions until `stop` holds of the last one. */
async function collect(
  events: AsyncIterable<StreamSwapUpdated>,
  stop: (event: StreamSwapUpdated) => boolean,
) {
  const seen: StreamSwapUpdated[] = [];
  for await (const event of events) {
    seen.push(event);
    if (stop(event)) break;
  }
  return seen;
}

/**
 * D18 across two gateway replicas: a swap created on one is followed on the other, every version in
 * order; a subscriber that drops mid-swap resumes with `after` on the other replica and misses
 * nothing; another key's swap without its token is not found; a bad signature and one connection
 * too many are refused; SSE resumes with Last-Event-ID.
 */
describe('live swap events over WebSocket and SSE (D18)', () => {
  let stack: Stack;
  let key: TestKey;
  let other: TestKey;
  let api: SwapClient;
  let driver: SwapDriver;
  let order: SwapOrder;
  let versions: number[];

  beforeAll(async () => {
    stack = await Stack.start({
      gateways: 2,
      chains: { networks: ['LTC', 'ETH'] },
      env: { LIVE_CONNECTIONS_PER_KEY: '3' },
    });
    key = await stack.createKey();
    other = await stack.createKey();
    api = stack.client(key, 0);
    driver = new SwapDriver(stack, api);
    await stack.pricesReady(key);
  }, 180_000);
  afterAll(() => stack?.stop());

  it('delivers every version in order on the other replica, and resumes after a drop without a gap', async () => {
    order = await api.create({ from: 'LTC', to: 'ETH', amount: '1.25', toAddress: ADDRESSES.ETH });
    const onSecond = stack.client(key, 1);
    // Follows from the first version on replica 1, and drops after the deposit is seen.
    const first = onSecond.watch(order.id, { after: 0, WebSocket });
    const paying = driver.payToDone(order);
    const before = await collect(first, (event) => event.data.status !== 'NEW');
    first.close();
    const last = before.at(-1)!.version;
    // Resumes on replica 0 from the last version it had.
    const resumed = api.watch(order.id, { after: last, WebSocket });
    const after = await collect(resumed, (event) => event.data.status === 'DONE');
    resumed.close();
    await paying;
    versions = [...before, ...after].map((event) => event.version);
    expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => i + 1));
    expect(after.at(-1)!.data).toMatchObject({ id: order.id, status: 'DONE' });
    expect(after[0]).toMatchObject({ id: `evt_${order.id}_${last + 1}`, type: 'swap.updated' });
  }, 120_000);

  it("answers Swap not found for another key's swap without its token", async () => {
    const theirs = stack.client(other, 1).watch(order.id, { WebSocket });
    await expect(collect(theirs, () => true)).rejects.toThrow('Swap not found');
    const withToken = stack.client(other, 1).watch(order.id, { token: order.token, after: 0, WebSocket });
    expect((await collect(withToken, () => true))[0].version).toBe(1);
    withToken.close();
  });

  it('refuses a bad signature with 401 on the upgrade', async () => {
    const socket = new WebSocket(streamUrl(stack.gateways[1].url, key, 'f'.repeat(64)));
    const status = await new Promise<number>((resolve) =>
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)),
    );
    expect(status).toBe(401);
  });

  it('refuses one connection too many with a message, and closes it', async () => {
    const open = (): Promise<{ socket: WebSocket; first: Promise<string>; closed: Promise<number> }> =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(streamUrl(stack.gateways[0].url, key));
        const first = new Promise<string>((message) =>
          socket.once('message', (data) => message(String(data))),
        );
        const closed = new Promise<number>((code) => socket.once('close', (c) => code(c)));
        socket.once('open', () => resolve({ socket, first, closed }));
        socket.once('error', reject);
      });
    const held = [await open(), await open(), await open()];
    const refused = await open();
    expect(JSON.parse(await refused.first)).toEqual({
      type: 'error',
      msg: 'Too many connections for this key (limit 3)',
    });
    expect(await refused.closed).toBe(1008);
    for (const { socket } of held) socket.close();
  });

  it('resumes the SSE stream after Last-Event-ID', async () => {
    const response = await fetch(`${stack.gateways[1].url}/swap/${order.id}/events?token=${order.token}`, {
      headers: { 'Last-Event-ID': '2' },
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const reader = response.body!.getReader();
    let text = '';
    const wanted = versions.slice(2).map((version) => `id: ${version}\n`);
    while (!wanted.every((line) => text.includes(line))) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    await reader.cancel();
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
    expect(ids).toEqual(versions.slice(2));
    expect(text).toContain('event: swap.updated');
  });
});
