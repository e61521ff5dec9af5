import Fastify from 'fastify';
import { Registry } from 'prom-client';
import { HttpMetrics } from '@swap/gateway';
import { countRequests } from './request-metrics';

describe('countRequests', () => {
  it('labels requests with the route template, never the raw URL, and unknown paths as unmatched', async () => {
    const registry = new Registry();
    const fastify = Fastify();
    countRequests(fastify, new HttpMetrics(registry));
    fastify.post('/v1/swap/create', async (_request, reply) => reply.status(201).send({ ok: true }));
    fastify.get('/swap/:id', async () => 'page');
    await fastify.ready();

    await fastify.inject({ method: 'POST', url: '/v1/swap/create', payload: {} });
    await fastify.inject({ method: 'GET', url: '/swap/sw_secret_id?token=t0ken' });
    await fastify.inject({ method: 'GET', url: '/wp-admin/install.php' });
    await fastify.close();

    const text = await registry.metrics();
    expect(text).toContain('swap_http_requests_total{route="/v1/swap/create",status="201"} 1');
    expect(text).toContain('swap_http_requests_total{route="/swap/:id",status="200"} 1');
    expect(text).toContain('swap_http_requests_total{route="unmatched",status="404"} 1');
    expect(text).not.toMatch(/sw_secret_id|t0ken|wp-admin/);
  });
});
