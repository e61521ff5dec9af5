import { parseJsonExact, SwapErrors } from '@swap/domain';

export type Body = Readonly<Record<string, unknown>>;

/**
 * The raw body as a JSON object; "" (no body) is {}. An amount sent as a JSON number keeps its exact
 * text ("1.0000000000000000001", not the double 1), so D6's decimal checks see what was sent.
 */
export function parseBody(raw: string): Body {
  if (raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw SwapErrors.malformedJson();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw SwapErrors.wrongType('body', 'a JSON object');
  }
  const body = value as Record<string, unknown>;
  if (typeof body['amount'] === 'number') {
    const exact = (parseJsonExact(raw) as Record<string, unknown>)['amount'];
    return { ...body, amount: exact };
  }
  return body;
}

export function requiredString(body: Body, field: string): string {
  const value = body[field];
  if (value === undefined || value === null || value === '') throw SwapErrors.missingField(field);
  if (typeof value !== 'string') throw SwapErrors.wrongType(field, 'a string');
  return value;
}

export function optionalString(body: Body, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw SwapErrors.wrongType(field, 'a string');
  return value;
}

export function optionalBoolean(body: Body, field: string): boolean {
  const value = body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw SwapErrors.wrongType(field, 'a boolean');
  return value;
}

/** Fails with the first of `fields` that is absent, so the caller learns every required name in turn. */
export function requireFields(body: Body, fields: readonly string[]): void {
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || value === null || value === '') throw SwapErrors.missingField(field);
  }
}
