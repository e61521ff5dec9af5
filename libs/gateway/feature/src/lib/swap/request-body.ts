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
