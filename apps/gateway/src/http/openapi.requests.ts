import { ApiBody, type OpenAPIObject } from '@nestjs/swagger';
import type { z } from 'zod';
import { apiRequestName, apiRequestSchemas } from '@swap/contracts';

/** An operation's body: the component of the schema the route parses with (@swap/contracts). */
export const ApiRequestBody = (schema: z.ZodType) =>
  ApiBody({ required: true, schema: { $ref: `#/components/schemas/${apiRequestName(schema)}` } });

/** Adds every request body declared in @swap/contracts to the document's components. */
export function withRequestSchemas(document: OpenAPIObject): OpenAPIObject {
  const components = document.components ?? {};
  return {
    ...document,
    components: { ...components, schemas: { ...components.schemas, ...apiRequestSchemas() } },
  };
}
