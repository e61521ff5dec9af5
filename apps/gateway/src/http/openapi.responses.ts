import { ApiResponse, type ApiResponseSchemaHost, type OpenAPIObject } from '@nestjs/swagger';
import { z } from 'zod';
import { apiResponseName, apiResponseSchemas } from '@swap/contracts';
import { apiResponses, currencyInfoView, pairView, quoteView, swapOrderView } from '@swap/domain';
import { addressCheckView, swapListView, swapStatsView } from '@swap/gateway';

/** Section 2.1 around a route's data: what the route answers, as a component of the document. */
const success = (id: string, data: z.ZodType) =>
  z
    .object({ code: z.literal(0), msg: z.string().meta({ example: '' }), data })
    .register(apiResponses, { id });

export const errorEnvelope = z
  .object({
    code: z.literal(1),
    msg: z.string(),
    data: z.object({}).nullable().meta({ example: null }),
    retry_after: z.number().optional().meta({ description: 'Only on 429: seconds to wait' }),
  })
  .register(apiResponses, { id: 'ErrorEnvelope' });
export const currencyEnvelope = success('CurrencyEnvelope', z.array(currencyInfoView));
export const pairEnvelope = success('PairEnvelope', z.array(pairView));
export const quoteEnvelope = success('QuoteEnvelope', quoteView);
export const swapOrderEnvelope = success('SwapOrderEnvelope', swapOrderView);
export const swapListEnvelope = success('SwapListEnvelope', swapListView);
export const addressCheckEnvelope = success('AddressCheckEnvelope', addressCheckView);
export const swapStatsEnvelope = success('SwapStatsEnvelope', swapStatsView);

/** A response whose body is a shape registered in apiResponses: the operation refers to its component. */
export const ApiResponseBody = (body: z.ZodType, options: Omit<ApiResponseSchemaHost, 'schema'>) =>
  ApiResponse({ ...options, schema: { $ref: `#/components/schemas/${apiResponseName(body)}` } });

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const COMPONENT = '#/components/schemas/';

/**
 * Adds the response shapes the operations (and the webhooks' bodies) name to the components, each after those it refers to:
 * the error envelope first, then in the order of the routes. That is the order @nestjs/swagger gave
 * its models, which the SDK's generated types follow.
 */
export function withResponseSchemas(document: OpenAPIObject): OpenAPIObject {
  const shapes = apiResponseSchemas();
  const seen = new Set<string>();
  const ordered = new Map<string, Record<string, unknown>>();
  const add = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    const shape = shapes[name];
    if (shape === undefined) throw new Error(`${name} is not a response shape registered in apiResponses`);
    references(shape as Json).forEach(add);
    ordered.set(name, shape);
  };
  add(apiResponseName(errorEnvelope));
  for (const operation of operationsOf(document.paths))
    if (operation !== null && typeof operation === 'object' && 'responses' in operation)
      references(operation.responses).forEach(add);
  // A webhook's body is a shape the service sends, as a response is.
  for (const operation of operationsOf(document.webhooks ?? {}))
    if (operation !== null && typeof operation === 'object' && 'requestBody' in operation)
      references(operation.requestBody).forEach(add);
  const components = document.components ?? {};
  return {
    ...document,
    components: { ...components, schemas: { ...components.schemas, ...Object.fromEntries(ordered) } },
  };
}

const operationsOf = (items: object): Json[] =>
  Object.values(items).flatMap((item: object) => Object.values(item) as Json[]);

/** The components a value refers to, in the order they appear. */
function references(value: Json): string[] {
  if (Array.isArray(value)) return value.flatMap(references);
  if (value === null || typeof value !== 'object') return [];
  const { $ref } = value;
  if (typeof $ref === 'string' && $ref.startsWith(COMPONENT)) return [$ref.slice(COMPONENT.length)];
  return Object.values(value).flatMap(references);
}
