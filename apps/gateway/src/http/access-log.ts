import type { FastifyInstance } from 'fastify';
import type { Logger } from '@swap/domain';
import type { SignedFastifyRequest } from './signed-request';

/** A Logger that tells whether a level is written (pino's does): no line is built for nothing. */
export type LevelledLogger = Logger & { isLevelEnabled(level: string): boolean };

/**
 * One line per answered request, for operators and integrator support: refusals (4xx) at info,
 * failures (5xx) at error, successes at debug so a busy gateway does not drown its logs. Only the
 * key id is logged, never a secret, a signature or a body.
 */
export function logRequests(fastify: FastifyInstance, logger: LevelledLogger): void {
  fastify.addHook('onResponse', (request: SignedFastifyRequest, reply, done) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
    if (logger.isLevelEnabled(level)) {
      const key = request.auth?.apiKey.key ?? request.headers['x-api-key'];
      logger[level](
        {
          method: request.method,
          path: request.url.split('?')[0],
          status,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          key: typeof key === 'string' ? key.slice(0, 64) : undefined,
          ip: request.ip,
        },
        'request',
      );
    }
    done();
  });
}
