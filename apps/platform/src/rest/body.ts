import { z } from 'zod';
import { badRequest, type FieldErrors, unknownFields, unprocessable } from './errors';

/**
 * A create or update body: the resource nested under its singular name (`{"rfi": {…}}`), scope ids at
 * the top level. Which status answers what (rest-api.md §6):
 * - 400: the body is not a JSON object with the resource object under its name (malformed input);
 * - 406: the resource object has fields the resource does not have ("unknown fields"), named;
 * - 422: the fields are known but a value is missing, of the wrong type or breaks a rule, with
 *   `{"errors": {"field": ["message"]}}`.
 * Nothing is written unless the body passes all three.
 */
export function resourceObject(
  body: unknown,
  name: string,
  accepted: readonly string[],
  nested: Record<string, readonly string[]> = {},
): Record<string, unknown> {
  const inner =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)[name]
      : undefined;
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) {
    throw badRequest(
      `The request body must be a JSON object with the ${name} under "${name}": {"${name}": {…}}`,
      {
        [name]: ['must be an object'],
      },
    );
  }
  const fields = inner as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((key) => !accepted.includes(key));
  for (const [key, keys] of Object.entries(nested)) {
    const value = fields[key];
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const sub of Object.keys(value)) if (!keys.includes(sub)) unknown.push(`${key}.${sub}`);
    }
  }
  if (unknown.length > 0) throw unknownFields(unknown, name, accepted);
  return fields;
}

/** Parses the resource object with its schema; 422 with one entry per failing field. */
export function validated<T>(schema: z.ZodType<T>, fields: Record<string, unknown>): T {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'base';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  throw unprocessable(errors);
}

const blankOr = (what: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? "can't be blank" : `must be ${what}`),
});

/** Required text. */
export const requiredText = (max = 255) =>
  z
    .string(blankOr('a string'))
    .trim()
    .min(1, "can't be blank")
    .max(max, `is too long (at most ${max} characters)`);

/** Optional text (null clears it). */
export const optionalText = (max = 255) =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .max(max, `is too long (at most ${max} characters)`)
    .nullable()
    .optional();

export const optionalBoolean = () => z.boolean({ error: 'must be true or false' }).optional();

const DATE = /^\d{4}-\d{2}-\d{2}$/;
function isDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return DATE.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A calendar date YYYY-MM-DD (null clears it). */
export const optionalDate = () =>
  z
    .string({ error: 'must be a date (YYYY-MM-DD)' })
    .refine(isDate, 'must be a date (YYYY-MM-DD)')
    .nullable()
    .optional();

/** An id: a positive integer. */
export const id = () =>
  z
    .number(blankOr('an id (a positive integer)'))
    .int('must be an id (a positive integer)')
    .positive('must be an id (a positive integer)');
