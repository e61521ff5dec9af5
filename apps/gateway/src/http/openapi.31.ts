type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

/**
 * OpenAPI 3.1 takes JSON Schema 2020-12 as it is: null is a type, not `nullable`, and exclusive
 * bounds are numbers. @nestjs/swagger and zod's openapi-3.0 target still write the 3.0 forms, so
 * the document is rewritten once, every schema in it.
 */
export function toOpenApi31<T>(document: T): T {
  return upgrade(document as Json) as T;
}

function upgrade(value: Json): Json {
  if (Array.isArray(value)) return value.map(upgrade);
  if (value === null || typeof value !== 'object') return value;
  const node: Schema = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, upgrade(child)]));
  boundsAsNumbers(node, 'exclusiveMinimum', 'minimum');
  boundsAsNumbers(node, 'exclusiveMaximum', 'maximum');
  if (typeof node.nullable !== 'boolean') return node;
  const { nullable, ...schema } = node;
  return nullable ? orNull(schema) : schema;
}

function boundsAsNumbers(node: Schema, exclusive: string, inclusive: string): void {
  if (typeof node[exclusive] !== 'boolean') return;
  if (node[exclusive]) node[exclusive] = node[inclusive];
  else delete node[exclusive];
  if (node[exclusive] !== undefined) delete node[inclusive];
}

function orNull(schema: Schema): Json {
  const { allOf, type, ...rest } = schema;
  // Nest writes a nullable reference as { type: 'object', allOf: [{ $ref }] }.
  if (Array.isArray(allOf) && allOf.length === 1) return { ...rest, anyOf: [allOf[0], { type: 'null' }] };
  if (typeof type === 'string') {
    if (Array.isArray(rest.enum)) rest.enum = [...rest.enum, null];
    return { ...rest, type: [type, 'null'] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}
