import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { toOpenApi31 } from './openapi.31';
import { withLiveStream } from './openapi.live';
import { withRequestSchemas } from './openapi.requests';
import { withResponseSchemas } from './openapi.responses';
import { withSignatureSecurity } from './openapi.security';
import { withWebhooks } from './openapi.webhooks';

/**
 * /v1/openapi.json: the controllers' routes, with the request bodies and response shapes of their
 * zod schemas (@swap/contracts, @swap/domain), D18's WebSocket, D2's signature as security schemes
 * and D12's webhook, in OpenAPI 3.1 (the first version with `webhooks`). The SDK's types are generated from
 * it (npm run sdk:types).
 */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Instant Swap API')
    .setVersion('1')
    .setDescription('Signed integrator API. See the README for the v2 signature (decision D2).')
    .build();
  const document = withRequestSchemas(
    withResponseSchemas(withWebhooks(withLiveStream(SwaggerModule.createDocument(app, config)))),
  );
  return toOpenApi31(withSignatureSecurity(document));
}
