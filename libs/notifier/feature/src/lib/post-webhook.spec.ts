import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postWebhook } from './post-webhook';

describe('postWebhook: where an attempt may go', () => {
  let server: Server;
  let port: number;
  let received = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      received++;
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => (received = 0));

  const post = (url: string, allowPrivate: boolean) =>
    postWebhook(
      url,
      '{"token":"t"}',
      { 'content-type': 'application/json' },
      { timeoutMs: 2_000, allowPrivate },
    );

  it('refuses a literal private address at connection time, as no DNS lookup sees it', async () => {
    const result = await post(`https://127.0.0.1:${port}/hook`, false);
    expect(result).toMatchObject({ ok: false, httpStatus: null });
    expect(result.error).toBe('127.0.0.1 is a loopback, private or link-local address');
    const mapped = await post(`https://[::ffff:127.0.0.1]:${port}/hook`, false);
    expect(mapped.error).toMatch(/is a loopback, private or link-local address/);
    expect(received).toBe(0);
  });

  it('refuses plain http, which would carry the swap token in clear, unless private receivers are allowed', async () => {
    const refused = await post(`http://127.0.0.1:${port}/hook`, false);
    expect(refused.error).toBe('plain http is refused: the body carries the swap token');
    expect(received).toBe(0);
    const allowed = await post(`http://127.0.0.1:${port}/hook`, true);
    expect(allowed).toMatchObject({ ok: true, httpStatus: 200, error: null });
    expect(received).toBe(1);
  });
});
