import { ServerResponse } from 'http';
import { HttpJsonClient, HttpRequestError } from './http-json';
import { FixtureServer, send, startServer } from './testing/fixture-server';

const noSleep = { sleep: async () => undefined, random: () => 0 };

/** Answers after `ms` unless the client hung up first. */
function later(res: ServerResponse, ms: number, body: string): void {
  const timer = setTimeout(() => send(res, 200, body), ms);
  res.on('close', () => clearTimeout(timer));
}

describe('HttpJsonClient', () => {
  let server: FixtureServer;
  afterEach(() => server.close());

  it('parses a JSON body', async () => {
    server = await startServer((_req, res) => send(res, 200, '{"ok":[1,"2"]}'));
    const http = new HttpJsonClient(noSleep);
    await expect(http.getJson('binance', `${server.baseUrl}/x?y=1`)).resolves.toEqual({ ok: [1, '2'] });
    expect(server.requests).toEqual(['/x?y=1']);
  });

  it('times out a slow response and names exchange and path', async () => {
    server = await startServer((_req, res) => later(res, 1_000, '{}'));
    const http = new HttpJsonClient({ ...noSleep, timeoutMs: 100, retries: 0 });
    const started = Date.now();
    await expect(http.getJson('kraken', `${server.baseUrl}/0/public/Ticker?pair=XBTUSD`)).rejects.toThrow(
      'kraken: GET /0/public/Ticker?pair=XBTUSD timed out after 100 ms',
    );
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('retries a timeout, then succeeds', async () => {
    let calls = 0;
    server = await startServer((_req, res) => {
      if (++calls === 1) later(res, 1_000, '{}');
      else send(res, 200, '{"n":2}');
    });
    const http = new HttpJsonClient({ ...noSleep, timeoutMs: 100 });
    await expect(http.getJson('okx', `${server.baseUrl}/t`)).resolves.toEqual({ n: 2 });
    expect(calls).toBe(2);
  });

  it('retries a 503 with exponential backoff and jitter, then succeeds', async () => {
    let calls = 0;
    server = await startServer((_req, res) => {
      calls++;
      if (calls <= 2) send(res, 503, '<html>Service Unavailable</html>');
      else send(res, 200, '[]');
    });
    const delays: number[] = [];
    const http = new HttpJsonClient({
      sleep: async (ms) => void delays.push(ms),
      random: () => 0.5,
    });
    await expect(http.getJson('gate', `${server.baseUrl}/api/v4/spot/tickers`)).resolves.toEqual([]);
    expect(calls).toBe(3);
    expect(delays).toEqual([300, 500]);
  });

  it('retries a 429', async () => {
    let calls = 0;
    server = await startServer((_req, res) => (++calls === 1 ? send(res, 429, '{}') : send(res, 200, '{}')));
    await new HttpJsonClient(noSleep).getJson('bybit', `${server.baseUrl}/v5`);
    expect(calls).toBe(2);
  });

  it('gives up after the retries with the last status', async () => {
    server = await startServer((_req, res) => send(res, 502, 'bad gateway'));
    const http = new HttpJsonClient(noSleep);
    const err = await http.getJson('kucoin', `${server.baseUrl}/api/v1/market/allTickers`).then(
      () => undefined,
      (e: HttpRequestError) => e,
    );
    expect(err).toBeInstanceOf(HttpRequestError);
    expect(err?.message).toBe('kucoin: GET /api/v1/market/allTickers failed: HTTP 502 bad gateway');
    expect(err?.status).toBe(502);
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a 400', async () => {
    server = await startServer((_req, res) => send(res, 400, '{"code":-1100,"msg":"Illegal characters"}'));
    const http = new HttpJsonClient(noSleep);
    await expect(http.getJson('binance', `${server.baseUrl}/api/v3/ticker/bookTicker`)).rejects.toThrow(
      'binance: GET /api/v3/ticker/bookTicker failed: HTTP 400 {"code":-1100,"msg":"Illegal characters"}',
    );
    expect(server.requests).toHaveLength(1);
  });

  it('reports malformed JSON without retrying', async () => {
    server = await startServer((_req, res) => send(res, 200, '{"data":[1,2'));
    const http = new HttpJsonClient(noSleep);
    await expect(http.getJson('okx', `${server.baseUrl}/api/v5/market/tickers`)).rejects.toThrow(
      /^okx: GET \/api\/v5\/market\/tickers returned malformed JSON \(HTTP 200\): /,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('retries a refused connection and names the cause', async () => {
    server = await startServer((_req, res) => send(res, 200, '{}'));
    const url = `${server.baseUrl}/gone`;
    await server.close();
    let attempts = 0;
    const http = new HttpJsonClient({
      ...noSleep,
      fetch: (input, init) => {
        attempts++;
        return fetch(input, init);
      },
    });
    await expect(http.getJson('bitfinex', url)).rejects.toThrow(
      /^bitfinex: GET \/gone failed: fetch failed \(.*ECONNREFUSED/,
    );
    expect(attempts).toBe(3);
  });
});
