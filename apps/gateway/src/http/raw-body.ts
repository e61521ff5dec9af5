import type { FastifyInstance } from 'fastify';

/** Every body reaches the handlers as the exact string the client sent (and signed). */
export function acceptRawBodies(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
}
