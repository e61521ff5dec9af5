import { z } from 'zod';
import type { SwapError } from '@swap/domain';

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
export function apiRequestSchemas(): Record<string, Record<string, unknown>> {
  const { schemas } = z.toJSONSchema(apiRequests, { target: 'openapi-3.0', io: 'input' });
  // OpenAPI 3.0 components have no $id: their name is the key.
  return Object.fromEntries(Object.entries(schemas).map(([name, { $id: _id, ...schema }]) => [name, schema]));
}
