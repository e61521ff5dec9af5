import { toOpenApi31 } from './openapi.31';

describe('toOpenApi31', () => {
  it.each([
    ['a nullable type', { type: 'string', nullable: true }, { type: ['string', 'null'] }],
    [
      'a nullable enum, whose values must then include null',
      { type: 'string', enum: ['LESS', 'MORE'], nullable: true },
      { type: ['string', 'null'], enum: ['LESS', 'MORE', null] },
    ],
    [
      "Nest's nullable reference",
      { nullable: true, type: 'object', allOf: [{ $ref: '#/components/schemas/ChainTx' }] },
      { anyOf: [{ $ref: '#/components/schemas/ChainTx' }, { type: 'null' }] },
    ],
    [
      'a nullable union',
      { oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true },
      { anyOf: [{ oneOf: [{ type: 'number' }, { type: 'string' }] }, { type: 'null' }] },
    ],
    ['nullable: false', { type: 'number', nullable: false }, { type: 'number' }],
    [
      'boolean exclusive bounds',
      { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false },
      { type: 'number', exclusiveMinimum: 0, maximum: 9 },
    ],
  ])('rewrites %s', (_case, schema, expected) => {
    expect(toOpenApi31({ components: { schemas: { S: schema } } })).toEqual({
      components: { schemas: { S: expected } },
    });
  });

  it('reaches schemas at any depth and leaves everything else as it was', () => {
    const document = {
      openapi: '3.1.0',
      paths: {
        '/a': {
          get: { parameters: [{ name: 'x', in: 'query', schema: { type: 'string', nullable: true } }] },
        },
      },
    };
    expect(toOpenApi31(document)).toEqual({
      openapi: '3.1.0',
      paths: {
        '/a': { get: { parameters: [{ name: 'x', in: 'query', schema: { type: ['string', 'null'] } }] } },
      },
    });
  });
});
