import 'reflect-metadata';
import type { FastifyReply } from 'fastify';
import { Registry } from 'prom-client';
import { HttpMetrics } from '@swap/gateway';
import { bootstrapService, createLogger, loadConfig } from '@swap/service-kit';
import { gatewayConfigSchema } from './gateway.config';
import { gatewayModule, gatewayTransport } from './gateway.module';
import { logRequests } from './http/access-log';
import { openApiDocument } from './http/openapi.document';
import { clientError, frameworkErrorReply } from './http/protocol-errors';
import { acceptRawBodies } from './http/raw-body';
import { countRequests } from './http/request-metrics';

/** Fastify takes a hop count, but its types do not: the same rule as a function (proxy-addr's). */
function trustedHops(trust: false | number | string[]) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

async function main(): Promise<void> {
  const config = loadConfig(gatewayConfigSchema);
  const logger = createLogger('gateway');
  await bootstrapService({
    name: 'gateway',
    module: gatewayModule(config, logger),
    transport: gatewayTransport,
    port: config.PORT,
    logger,
    // Request signatures cover the exact raw body, so JSON is parsed after verification, not before.
    appOptions: { bodyParser: false },
    fastify: {
      trustProxy: trustedHops(config.TRUST_PROXY),
      bodyLimit: 64 * 1024,
      frameworkErrors: (error, _request, reply) => {
        const { status, body } = frameworkErrorReply(error);
        // The option's reply type is generic over every server kind; this one is plain HTTP/1.
        void (reply as unknown as FastifyReply).status(status).send(body);
      },
      clientErrorHandler: clientError,
    },
    configure: (app) => {
      acceptRawBodies(app.getHttpAdapter().getInstance());
      logRequests(app.getHttpAdapter().getInstance(), logger);
      countRequests(app.getHttpAdapter().getInstance(), new HttpMetrics(app.get(Registry)));
      const document = openApiDocument(app);
      app.getHttpAdapter().get('/v1/openapi.json', (_request, reply) => reply.send(document));
    },
  });
}

void main();
