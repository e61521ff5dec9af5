/**
 * JSON text in which a bigint prints as a bare number: the real RPC prints every u64 as a JSON number,
 * including values above 2^53 such as an account's `rentEpoch` (u64::MAX). `undefined` members are left
 * out, which is how a response says a field is skipped rather than null.
 */
export function toJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return String(value);
    case 'string':
      return JSON.stringify(value);
    case 'object':
      if (Array.isArray(value)) return `[${value.map((item) => toJson(item)).join(',')}]`;
      return `{${Object.entries(value)
        .filter(([, member]) => member !== undefined)
        .map(([key, member]) => `${JSON.stringify(key)}:${toJson(member)}`)
        .join(',')}}`;
    default:
      return 'null';
  }
}
