import type { Body } from '../request-body';

/** D19's form fields: the create body's names, the referral code and the page's own stamp. */
export const FORM_FIELDS = [
  'from',
  'to',
  'amount',
  'direction',
  'type',
  'toAddress',
  'refundAddress',
  'ref',
  'stamp',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** The form as the user filled it in: every field a string ('' when not sent), shown back as typed. */
export type NewSwapForm = Record<FormField, string>;

/** The fields of the API's create body (section 4.1); the others are the page's own. */
const BODY_FIELDS = ['from', 'to', 'amount', 'direction', 'type', 'toAddress', 'refundAddress'] as const;

/** Longer than any field of the form: the rest is not shown back (the API refuses it anyway). */
const MAX_FIELD_LENGTH = 256;

/**
 * A urlencoded body (the form's POST) or a query (its GET) as the form; the first of repeated
 * fields counts, and fields the form does not have are ignored.
 */
export function parseNewSwapForm(encoded: string | URLSearchParams): NewSwapForm {
  const params = typeof encoded === 'string' ? new URLSearchParams(encoded) : encoded;
  const form = {} as NewSwapForm;
  for (const field of FORM_FIELDS) form[field] = (params.get(field) ?? '').slice(0, MAX_FIELD_LENGTH);
  return form;
}

/** A query object (Fastify's) as search params: repeated fields keep their first value. */
export function queryParams(query: Readonly<Record<string, unknown>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') params.set(name, first);
  }
  return params;
}

/** The referral code, or none. */
export const refOf = (form: NewSwapForm): string | undefined => form.ref.trim() || undefined;

/**
 * The form's fields as section 4.1's body: a field left empty is not sent, so the API names a
 * missing required field as missing and gives the optional ones their defaults.
 */
export function createBodyOf(form: NewSwapForm): Body {
  const body: Record<string, string> = {};
  for (const field of BODY_FIELDS) if (form[field].trim() !== '') body[field] = form[field];
  return body;
}

/** Section 4.4's body from the same form (the quote of what would be created). */
export function quoteBodyOf(form: NewSwapForm): Body {
  const { from, to, amount, direction, type } = createBodyOf(form);
  return { from, to, amount, direction, type };
}
