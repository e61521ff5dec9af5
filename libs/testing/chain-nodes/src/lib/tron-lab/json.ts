import { encode58Check, fromHex } from './address';

/**
 * An int64 field of a java-tron message. Kept apart from int32 fields so that `int64_as_string=true`
 * (java-tron#6699, which tronweb's RawTrx sends) can print exactly the int64 ones as strings.
 */
export class Int64 {
  constructor(readonly value: number) {}
}

export type Json = Int64 | string | number | boolean | null | Json[] | { [key: string]: Json | undefined };
export type JsonObject = { [key: string]: Json | undefined };

/** An int64 field; java-tron leaves zero (the proto3 default) out of its JSON. */
export function i64(value: number): Int64 | undefined {
  return value === 0 ? undefined : new Int64(value);
}

export function stringify(value: Json, int64AsString: boolean): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v instanceof Int64 ? (int64AsString ? String(v.value) : v.value) : v,
  );
}

/** A bytes field holding an address: base58 when the request said visible, else hex. */
export function address(hex: string, visible: boolean): string | undefined {
  if (hex === '') return undefined;
  return visible ? encode58Check(fromHex(hex)) : hex;
}

/** Drops undefined members so that `{}` prints as java-tron prints an empty message. */
export function compact(object: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined));
}

/** A hex-printed bytes field, left out when empty. */
export function hexField(hex: string): string | undefined {
  return hex === '' ? undefined : hex;
}

/** java-tron's reply to a request it could not handle (Util.printErrorMsg). */
export function errorReply(kind: string, message: string): JsonObject {
  return { Error: `class ${kind} : ${message}` };
}
