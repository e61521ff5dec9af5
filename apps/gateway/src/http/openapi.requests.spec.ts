import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { apiRequestSchemas } from '@swap/contracts';
import { GATEWAY } from '../gateway.tokens';
import { withRequestSchemas } from './openapi.requests';
import { withResponseSchemas } from './openapi.responses';
import { SwapController } from './swap.controller';

describe('the request bodies in the OpenAPI document', () => {
  let document: OpenAPIObject;

  beforeAll(async () => {
    // The document is built from the controller's metadata: its dependencies are never called.
    @Module({
      controllers: [SwapController],
      providers: [{ provide: GATEWAY, useValue: {} }],
    })
    class DocumentModule {}
    const app = await NestFactory.create(DocumentModule, new FastifyAdapter(), { logger: false });
    document = withRequestSchemas(
      withResponseSchemas(SwaggerModule.createDocument(app, new DocumentBuilder().build())),
    );
    await app.close();
  });

  it('gives every operation with a body the component of the schema it is parsed with', () => {
    const bodies = Object.fromEntries(
      Object.entries(document.paths).flatMap(([path, item]) =>
        item.post?.requestBody ? [[path, item.post.requestBody]] : [],
      ),
    );
    const body = (name: string) => ({
      required: true,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
    });
    expect(bodies).toEqual({
      '/v1/swap/price': body('QuoteBody'),
      '/v1/swap/create': body('CreateSwapBody'),
      '/v1/swap/status': body('SwapLookupBody'),
      '/v1/swap/emergency': body('ResolveBody'),
      '/v1/swap/resolve': body('ResolveBody'),
      '/v1/swap/advance': body('SwapLookupBody'),
      '/v1/swap/list': body('ListSwapsBody'),
      '/v1/swap/validate-address': body('ValidateAddressBody'),
      '/v1/swap/stats': body('SwapStatsBody'),
    });
    expect(document.components?.schemas).toMatchObject(apiRequestSchemas());
    // The response shapes stay beside them.
    expect(document.components?.schemas).toHaveProperty('SwapOrderEnvelope');
  });
});
