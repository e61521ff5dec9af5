import { swapOrderView } from '@swap/domain';
import { apiRequestName, apiRequestSchemas, apiResponseName, apiResponseSchemas } from './http-api';
import { createSwapRequest } from './engine.rpc';
import { createSwapBody, quoteBody } from './swap-api.requests';

describe('the request bodies as OpenAPI components', () => {
  const schemas = apiRequestSchemas();

  it('names every body of section 4 and D14-D15 once, without $id (OpenAPI 3.0)', () => {
    expect(Object.keys(schemas).sort()).toEqual([
      'CreateSwapBody',
      'ListSwapsBody',
      'QuoteBody',
      'ResolveBody',
      'SwapLookupBody',
      'SwapStatsBody',
      'ValidateAddressBody',
    ]);
    for (const schema of Object.values(schemas)) expect(schema).not.toHaveProperty('$id');
    expect(apiRequestName(createSwapBody)).toBe('CreateSwapBody');
    expect(() => apiRequestName(createSwapRequest)).toThrow();
  });

  it('shows a body as an integrator writes it: defaults optional, an amount of two kinds', () => {
    expect(schemas.QuoteBody).toMatchObject({
      type: 'object',
      required: ['from', 'to', 'amount'],
      properties: {
        type: { type: 'string', enum: ['float', 'fixed'], default: 'float' },
        direction: { enum: ['from', 'to'], default: 'from', description: 'to is always fixed-rate' },
        amount: { oneOf: [{ type: 'number' }, { type: 'string' }] },
      },
    });
    expect(schemas.CreateSwapBody).toMatchObject({
      required: ['from', 'to', 'amount', 'toAddress'],
      properties: { dryrun: { type: 'boolean', default: false } },
    });
    expect(schemas.SwapLookupBody).toMatchObject({
      required: ['id'],
      properties: { id: { minLength: 10, maxLength: 10 }, token: { minLength: 22, maxLength: 22 } },
    });
    expect(schemas.ResolveBody).toMatchObject({
      required: ['id', 'choice'],
      properties: { choice: { enum: ['EXCHANGE', 'REFUND'] } },
    });
  });

  it("derives the engine's create request from the create body", () => {
    expect(Object.keys(createSwapRequest.shape)).toEqual([
      ...Object.keys(createSwapBody.shape),
      'requestId',
      'key',
      'ref', // D19: set by the gateway's public page, never by an integrator's body
    ]);
    expect(Object.keys(createSwapBody.shape)).not.toContain('ref');
    expect(Object.keys(createSwapBody.shape)).toEqual(expect.arrayContaining(Object.keys(quoteBody.shape)));
  });
});

describe('the response shapes as OpenAPI components', () => {
  it('names the views of @swap/domain, refers to a nested shape by $ref and leaves objects open', () => {
    const schemas = apiResponseSchemas();
    expect(apiResponseName(swapOrderView)).toBe('SwapOrder');
    expect(() => apiResponseName(createSwapBody)).toThrow();
    expect(schemas.SwapOrder).toMatchObject({
      properties: {
        time: { $ref: '#/components/schemas/SwapTime' },
        proposed: { nullable: true, allOf: [{ $ref: '#/components/schemas/Proposed' }] },
      },
    });
    expect(schemas.SwapOrder).not.toHaveProperty('additionalProperties');
    expect(schemas.SwapOrder).not.toHaveProperty('$id');
  });
});
