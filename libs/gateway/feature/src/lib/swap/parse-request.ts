import { z } from 'zod';
import { fieldErrors, type FieldError } from '@swap/contracts';
import { SwapError, SwapErrors } from '@swap/domain';
import type { Body } from './request-body';

interface Field {
  name: string;
  required: boolean;
  /** "" is a value of such a field (a wrong one), not its absence. */
  hasDefault: boolean;
  error: FieldError | undefined;
}

/**
 * A body checked against the schema it is declared with (@swap/contracts), or the catalogue's
 * error for its first fault: a missing required field first, in declaration order (null, and ""
 * for a field without a default, count as not sent), then the first field whose value is not
 * allowed. Fields the schema does not name are ignored.
 */
export function parseRequest<S extends z.ZodObject>(schema: S, body: Body): z.output<S> {
  const fields = fieldsOf(schema);
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    const value = body[field.name];
    if (value === undefined || value === null || (value === '' && !field.hasDefault)) {
      if (field.required) throw SwapErrors.missingField(field.name);
      continue;
    }
    input[field.name] = value;
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue.path.length > 0 ? String(issue.path[0]) : 'body';
  throw refusal(name, fields.find((field) => field.name === name)?.error, issue, input[name]);
}

function refusal(
  name: string,
  error: FieldError | undefined,
  issue: z.core.$ZodIssue,
  value: unknown,
): SwapError {
  const anotherType =
    issue.code === 'invalid_type' ||
    (issue.code === 'invalid_value' && !issue.values.some((allowed) => typeof allowed === typeof value));
  if (error && (error.anyJsonType || !anotherType)) return error.invalid(value);
  return SwapErrors.wrongType(name, expectation(issue, anotherType));
}

const JSON_TYPES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  array: 'an array',
  object: 'a JSON object',
};

/** What "Field x must be …" says for a field with no catalogue error of its own. */
function expectation(issue: z.core.$ZodIssue, anotherType: boolean): string {
  switch (issue.code) {
    case 'invalid_type':
      return JSON_TYPES[issue.expected] ?? `a ${issue.expected}`;
    case 'invalid_value':
      return anotherType ? JSON_TYPES[typeof issue.values[0]] : `one of ${issue.values.join(', ')}`;
    case 'too_small':
      return `at least ${issue.minimum}`;
    case 'too_big':
      return `at most ${issue.maximum}`;
    default:
      return 'valid';
  }
}

const fieldLists = new WeakMap<z.ZodObject, Field[]>();

/** A schema's fields, worked out once: parsing is on the hot path of /swap/price and /swap/status. */
function fieldsOf(schema: z.ZodObject): Field[] {
  let fields = fieldLists.get(schema);
  if (fields === undefined) {
    fields = Object.entries(schema.shape).map(([name, field]) => ({
      name,
      required: !field.safeParse(undefined).success,
      hasDefault: field instanceof z.ZodDefault,
      error: errorOf(field),
    }));
    fieldLists.set(schema, fields);
  }
  return fields;
}

/** The catalogue error registered on a field, or on the type its default or optional wraps. */
function errorOf(schema: z.core.$ZodType): FieldError | undefined {
  const registered = fieldErrors.get(schema);
  if (registered) return registered;
  return schema instanceof z.ZodDefault || schema instanceof z.ZodOptional
    ? errorOf(schema.unwrap())
    : undefined;
}
