import type { OpenAPIObject } from '@nestjs/swagger';
import { offlineOpenApiDocument } from './openapi.offline';
import { withResponseSchemas } from './openapi.responses';

const COMPONENT = '#/components/schemas/';
const references = (value: unknown): string[] =>
  [...JSON.stringify(value).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(([, name]) => name);

describe('the response shapes in the OpenAPI document', () => {
  let document: OpenAPIObject;

  beforeAll(async () => {
    document = await offlineOpenApiDocument();
  });

  it('gives every response a component, each listed after those it refers to', () => {
    const schemas = document.components?.schemas ?? {};
    const names = Object.keys(schemas);
    const responses = Object.values(document.paths).flatMap((item) =>
      [item.get, item.post].flatMap((operation) => (operation ? [operation.responses] : [])),
    );
    expect(references(responses).length).toBeGreaterThan(0);
    for (const name of references(responses)) expect(names).toContain(name);
    names.forEach((name, index) => {
      for (const ref of references(schemas[name])) expect(names.indexOf(ref)).toBeLessThan(index);
    });
    expect(names[0]).toBe('ErrorEnvelope');
  });

  it('leaves objects open: a response may gain a field without breaking a client', () => {
    expect(JSON.stringify(document.components?.schemas)).not.toContain('additionalProperties');
  });

  it('refuses a response that names no registered shape', () => {
    const schema = { $ref: `${COMPONENT}Nowhere` };
    const orphan = {
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: {
        '/a': {
          get: { responses: { 200: { description: '', content: { 'application/json': { schema } } } } },
        },
      },
    };
    expect(() => withResponseSchemas(orphan)).toThrow('Nowhere is not a response shape');
  });
});
