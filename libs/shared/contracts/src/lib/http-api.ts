import { z } from 'zod';
import { apiResponses, type SwapError } from '@swap/domain';

/**
 * The integrator API's request bodies, each registered under the name of its OpenAPI component.
 * The gateway parses with the schema, the OpenAPI document shows it, and the engine's request
 * types extend it: a body is declared once (see swap-api.requests.ts).
 */
export const apiRequests = z.registry<{ id: string }>();

/**
 * The catalogue's error for a value a field does not allow, where the generic "Field x must be …"
 * would say less (an unknown currency, an id of no swap). A value of another JSON type is still a
 * WRONG_TYPE, unless `anyJsonType`: then every value that is not allowed gets this error.
 */
export interface FieldError {
  invalid: (value: unknown) => SwapError;
  anyJsonType?: boolean;
}
export const fieldErrors = z.registry<FieldError>();

/** The name of a registered body's OpenAPI component. */
export function apiRequestName(schema: z.ZodType): string {
  const name = apiRequests.get(schema)?.id;
  if (name === undefined) throw new Error('not a request body registered in apiRequests');
  return name;
}

/** Every registered body as an OpenAPI 3.0 component schema, the way an integrator writes it. */
export const apiRequestSchemas = () => openApiSchemas(apiRequests, 'input');

/**
 * Every registered response shape (@swap/domain's apiResponses: the views, and whatever else the
 * loaded code registered, such as the gateway's envelopes) as it is sent.
 */
export const apiResponseSchemas = () => openApiSchemas(apiResponses, 'output');

/** The name of a registered response shape's OpenAPI component. */
export function apiResponseName(schema: z.ZodType): string {
  const name = apiResponses.get(schema)?.id;
  if (name === undefined) throw new Error('not a response shape registered in apiResponses');
  return name;
}

/**
 * A registry's schemas as OpenAPI 3.0 components (toOpenApi31 upgrades the whole document), each
 * under its id and referring to the others by $ref. zod 4's own z.toJSONSchema, not
 * @asteasolutions/zod-to-openapi or zod-openapi: those build whole documents, whose paths and
 * operations the controllers' decorators already give @nestjs/swagger, and zod-openapi 5 itself
 * calls z.toJSONSchema for the schemas. So the schemas need no dependency beyond zod.
 */
function openApiSchemas(
  registry: z.core.$ZodRegistry<{ id: string }>,
  io: 'input' | 'output',
): Record<string, Record<string, unknown>> {
  const { schemas } = z.toJSONSchema(registry, {
    target: 'openapi-3.0',
    io,
    uri: (id) => `#/components/schemas/${id}`,
    // Objects stay open, as the document has always shown them: a body may carry other fields
    // (z.object drops them) and a response may gain one without breaking a client.
    override: ({ jsonSchema }) => {
      if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
    },
  });
  // OpenAPI 3.0 components have no $id: their name is the key.
  return Object.fromEntries(Object.entries(schemas).map(([name, { $id: _id, ...schema }]) => [name, schema]));
}
