import Fastify from 'fastify';
import pino from 'pino';
import { logRequests } from './access-log';

function recordingLogger(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

async function serve(level: string) {
  const { logger, lines } = recordingLogger(level);
  const app = Fastify();
  logRequests(app, logger);
  app.post('/v1/swap/price', async (_request, reply) => reply.status(400).send({ code: 1 }));
  app.post('/v1/swap/status', async () => ({ code: 0 }));
  app.get('/boom', async (_request, reply) => reply.status(500).send({ code: 1 }));
  return { app, lines };
}

describe('the gateway access log', () => {
  it('logs refusals at info with the key id, never the signature', async () => {
    const { app, lines } = await serve('info');
    await app.inject({
      method: 'POST',
      url: '/v1/swap/price?x=1',
      headers: { 'x-api-key': 'ak_test', 'x-api-sign': 'deadbeef' },
      payload: { from: 'BTC' },
    });
    await app.inject({ method: 'POST', url: '/v1/swap/status', payload: {} });
    await app.inject({ method: 'GET', url: '/boom' });
    expect(lines.map((l) => [l['level'], l['path'], l['status']])).toEqual([
      [30, '/v1/swap/price', 400],
      [50, '/boom', 500],
    ]);
    expect(lines[0]).toMatchObject({ method: 'POST', key: 'ak_test', msg: 'request' });
    expect(JSON.stringify(lines)).not.toContain('deadbeef');
    await app.close();
  });

  it('logs successes only at debug', async () => {
    const { app, lines } = await serve('debug');
    await app.inject({ method: 'POST', url: '/v1/swap/status', payload: {} });
    expect(lines).toEqual([expect.objectContaining({ level: 20, path: '/v1/swap/status', status: 200 })]);
    await app.close();
  });
});
