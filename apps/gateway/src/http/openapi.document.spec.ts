import type { OpenAPIObject } from '@nestjs/swagger';
import { offlineOpenApiDocument } from './openapi.offline';

const requirement = { apiKey: [], apiTimestamp: [], apiNonce: [], apiSign: [] };

describe('the OpenAPI document', () => {
  let document: OpenAPIObject;

  beforeAll(async () => {
    document = await offlineOpenApiDocument();
  });

  it('is OpenAPI 3.1, with null as a type rather than 3.0’s nullable', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(JSON.stringify(document)).not.toContain('"nullable"');
    expect(document.components?.schemas?.SwapOrder).toMatchObject({
      properties: {
        rateActual: { type: ['string', 'null'] },
        proposed: { anyOf: [{ $ref: '#/components/schemas/Proposed' }, { type: 'null' }] },
      },
    });
  });

  it('declares the four D2 headers as apiKey schemes, required together on every /v1/swap operation', () => {
    expect(document.components?.securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-KEY' }),
      apiTimestamp: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-TIMESTAMP' }),
      apiNonce: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-NONCE' }),
      apiSign: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-SIGN' }),
    });
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      [item.get, item.post].flatMap((operation) => (operation ? [{ path, operation }] : [])),
    );
    const signed = operations.filter(({ path }) => path.startsWith('/v1/swap/'));
    expect(signed.length).toBeGreaterThanOrEqual(8);
    for (const { operation } of signed) {
      expect(operation.security).toEqual([requirement]);
      const headers = (operation.parameters ?? []).map((parameter) =>
        'name' in parameter ? parameter.name : '',
      );
      expect(headers.filter((name) => name.startsWith('X-API-'))).toEqual([]);
    }
    // The status page is for the end user: unsigned.
    const page = operations.filter(({ path }) => !path.startsWith('/v1/'));
    expect(page.length).toBeGreaterThan(0);
    for (const { operation } of page) expect(operation.security).toBeUndefined();
  });

  it('describes the D12 delivery as the swap.updated webhook', () => {
    const delivery = document.webhooks?.['swap.updated']?.post;
    expect(delivery?.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/SwapUpdatedEvent' } } },
    });
    expect(delivery?.parameters).toEqual(
      ['X-Webhook-Id', 'X-Webhook-Timestamp', 'X-Webhook-Signature'].map((name) =>
        expect.objectContaining({ name, in: 'header', required: true }),
      ),
    );
    expect(document.components?.schemas?.SwapUpdatedEvent).toEqual({
      type: 'object',
      description: expect.any(String),
      properties: {
        id: expect.objectContaining({ type: 'string' }),
        type: { type: 'string', enum: ['swap.updated'] },
        created: expect.objectContaining({ type: 'integer' }),
        data: { $ref: '#/components/schemas/SwapOrder' },
      },
      required: ['id', 'type', 'created', 'data'],
    });
  });
});
