import type { FastifyInstance } from 'fastify';
import type { HttpMetrics } from '@swap/gateway';

/**
 * Counts and times every answered request by the template of the route it matched (Fastify's
 * routeOptions.url, e.g. /swap/:id); a request no route took counts as "unmatched".
 */
export function countRequests(fastify: FastifyInstance, metrics: HttpMetrics): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const matched = request.is404 ? undefined : request.routeOptions.url;
    metrics.answered(matched, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
