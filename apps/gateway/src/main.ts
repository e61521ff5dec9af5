import 'reflect-metadata';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { bootstrapService, createLogger, loadConfig } from '@swap/service-kit';
import { gatewayConfigSchema } from './gateway.config';
import { gatewayModule } from './gateway.module';
import { logRequests } from './http/access-log';
import { acceptRawBodies } from './http/raw-body';

async function main(): Promise<void> {
  const config = loadConfig(gatewayConfigSchema);
  const logger = createLogger('gateway');
  await bootstrapService({
    name: 'gateway',
    module: gatewayModule(config, logger),
    port: config.PORT,
    logger,
    // Request signatures cover the exact raw body, so JSON is parsed after verification, not before.
    appOptions: { bodyParser: false },
    fastify: { trustProxy: config.TRUST_PROXY, bodyLimit: 64 * 1024 },
    configure: (app) => {
      acceptRawBodies(app.getHttpAdapter().getInstance());
      logRequests(app.getHttpAdapter().getInstance(), logger);
      const document = SwaggerModule.createDocument(
        app,
        new DocumentBuilder()
          .setTitle('Instant Swap API')
          .setVersion('1')
          .setDescription('Signed integrator API. See the README for the v2 signature (decision D2).')
          .build(),
      );
      app.getHttpAdapter().get('/v1/openapi.json', (_request, reply) => reply.send(document));
    },
  });
}

void main();
