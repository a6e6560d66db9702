import { z } from 'zod';
import { DETAIL_CODES, ERROR_CODES, type ErrorDetail } from './errors';
import { FIELD_LABELS, type FieldLabelKey } from './field-labels';

// The error body as zod schemas, for the server's validation and the OpenAPI document. Apart from
// errors.ts so that reading the codes (the web's sign-in page) does not bring zod along.

export const errorDetail = z.object({
  path: z.string(),
  message: z.string(),
  code: z.enum(DETAIL_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** The field's name for people: a key of the label table and, for an item of a list, its number. */
  label: z
    .object({
      key: z.enum(Object.keys(FIELD_LABELS) as [FieldLabelKey, ...FieldLabelKey[]]),
      number: z.number().int().optional(),
    })
    .optional(),
}) satisfies z.ZodType<ErrorDetail>;

/** The one error body of every 4xx/5xx answer (ARCHITECTURE.md "HTTP conventions"). */
export const errorResponse = z.object({
  errors: z.array(z.string()),
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.array(errorDetail),
    /** The request's id (also in `X-Request-Id`): what a user quotes to support. */
    requestId: z.string().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
