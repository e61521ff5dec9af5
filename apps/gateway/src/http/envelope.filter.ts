import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Inject } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { isSwapError, type Logger } from '@swap/domain';
import { EngineUnavailableError, NonceStoreUnavailableError, TreasuryUnavailableError } from '@swap/gateway';
import { fail } from './envelope';
import { GATEWAY_LOGGER } from '../gateway.tokens';

/**
 * Every error leaves as the envelope of section 2.1 with a message an integrator can act on; never
 * a stack trace. Unexpected errors are logged here and answered with a bare 500.
 */
@Catch()
export class EnvelopeFilter implements ExceptionFilter {
  constructor(@Inject(GATEWAY_LOGGER) private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (isSwapError(error)) {
      if (error.retryAfter !== undefined) {
        reply.header('Retry-After', String(error.retryAfter));
        void reply.status(error.status).send({ ...fail(error.message), retry_after: error.retryAfter });
        return;
      }
      void reply.status(error.status).send(fail(error.message));
      return;
    }
    if (error instanceof TreasuryUnavailableError) {
      // Only the statistics ask the treasury (its ledger): nothing else waits for it.
      this.logger.warn({ err: error.message }, 'treasury unavailable');
      void reply.status(503).send(fail('Service temporarily unavailable, please retry'));
      return;
    }
    if (error instanceof EngineUnavailableError || error instanceof NonceStoreUnavailableError) {
      const what = error instanceof EngineUnavailableError ? 'order engine' : 'nonce store';
      this.logger.warn({ err: error.message }, `${what} unavailable`);
      void reply.status(503).send(fail('Service temporarily unavailable, please retry'));
      return;
    }
    if (error instanceof HttpException) {
      const status = error.getStatus();
      void reply.status(status).send(fail(status === 404 ? 'Not found' : error.message));
      return;
    }
    const status = (error as { statusCode?: unknown })?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Fastify's own request errors (body too large, bad content length, …).
      void reply.status(status).send(fail((error as Error).message));
      return;
    }
    this.logger.error({ err: error }, 'unhandled error');
    void reply.status(500).send(fail('Internal error'));
  }
}
