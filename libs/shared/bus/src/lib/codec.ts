import { headers, type MsgHdrs } from '@nats-io/nats-core';
import type { z } from 'zod';
import { BusContractError, BusVersionError } from './errors';

/** Carries the contract version of the sender, so a consumer can refuse what it cannot understand. */
export const VERSION_HEADER = 'Swap-Contract-Version';

const decoder = new TextDecoder();

/** A Buffer (a Uint8Array): for the small payloads of the bus, several times cheaper than TextEncoder. */
export function encodeJson(value: unknown): Uint8Array {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

export function versionHeaders(version: number): MsgHdrs {
  const h = headers();
  h.set(VERSION_HEADER, String(version));
  return h;
}

/**
 * Validates a value against its contract schema and returns the parsed value, which is what goes on
 * the wire: unknown keys are stripped, so a caller passing a richer object never leaks its extra fields.
 */
export function validate<S extends z.ZodType>(contract: string, schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new BusContractError(contract, describeIssues(result.error.issues));
  return result.data;
}

/** Parses a received JSON payload and validates it. */
export function decode<S extends z.ZodType>(contract: string, schema: S, data: Uint8Array): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(data));
  } catch {
    throw new BusContractError(contract, 'payload is not valid JSON');
  }
  return validate(contract, schema, value);
}

/** A newer major version may mean something this process would misread, so it is refused. */
export function checkVersion(contract: string, supported: number, hdrs: MsgHdrs | undefined): void {
  const raw = hdrs?.get(VERSION_HEADER);
  if (!raw) return;
  const received = Math.trunc(Number(raw));
  if (Number.isFinite(received) && received > Math.trunc(supported)) {
    throw new BusVersionError(contract, received, supported);
  }
}

/** What a received event or signal carries, checked against its contract's version, then its schema. */
export function decodeMessage<S extends z.ZodType>(
  contract: { name: string; version: number; schema: S },
  msg: { headers?: MsgHdrs; data: Uint8Array },
): z.output<S> {
  checkVersion(contract.name, contract.version, msg.headers);
  return decode(contract.name, contract.schema, msg.data);
}

function describeIssues(issues: z.ZodError['issues']): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}
